/**
 * Where a form keeps its draft in sessionStorage: one draft per form, shared by its language
 * versions (switching language keeps the text). The page names it on the form's island too, so
 * that a form with a draft to restore hydrates at once (`restores` in `templates/components/Island.tsx`).
 */
export const draftKey = (id: string) => `sitegen:draft:${id}`;
