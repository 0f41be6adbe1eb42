/** The English widget messages, built into the bundle by the engine (see bundle-widgets.ts). */
declare module 'sitegen:fallback-messages' {
  const messages: Readonly<Record<string, string>>;
  export default messages;
}
