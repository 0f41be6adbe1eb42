/** The company mark: a stylised kestrel wing in a rounded square. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M7 21c5-1 9-4 12-10 1 3 3 5 6 6-4 0-7 2-9 5-2-1-5-1-9-1z" fill="#fff" />
    </svg>
  );
}
