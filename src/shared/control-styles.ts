/**
 * Styles of controls only some pages show at first, kept out of the stylesheet every page
 * inlines (docs/performance.md, "Visitors: mobile LCP"): check boxes and radio buttons, drawn
 * (a box with a tick, a ring with a dot; keyboard focus always visible), which the forms and
 * the consent settings have; and the consent settings dialog, which every page has but opens
 * only when asked. The forms' pages get the controls' styles in the head with the form's
 * (`templates/components/part-styles.ts`); the consent settings island adopts the dialog's when
 * it first opens (`widgets/islands/CookieConsent.tsx`). Written compact: the island carries this
 * text as it is.
 */
export const CHOICE_CONTROL_STYLES = `
input[type=checkbox],input[type=radio]{appearance:none;flex:none;display:inline-grid;place-content:center;width:1.3rem;height:1.3rem;margin:0;border:1.5px solid var(--field-line);background:var(--field-bg);border-radius:5px;cursor:pointer}
input[type=radio]{border-radius:50%}
input[type=checkbox]::before{content:"";width:.4rem;height:.75rem;border:solid var(--on-accent);border-width:0 2.5px 2.5px 0;transform:translateY(-1px) rotate(45deg) scale(0)}
input[type=radio]::before{content:"";width:.6rem;height:.6rem;border-radius:50%;background:var(--on-accent);transform:scale(0)}
input[type=checkbox]:checked,input[type=radio]:checked{background:var(--accent);border-color:var(--accent)}
input[type=checkbox]:checked::before{transform:translateY(-1px) rotate(45deg) scale(1)}
input[type=radio]:checked::before{transform:scale(1)}
input[type=checkbox]:focus-visible,input[type=radio]:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
input[type=checkbox]:disabled{cursor:not-allowed;opacity:.65}
input[type=checkbox][aria-invalid=true]{border-color:var(--error)}
@media (forced-colors:active){input[type=checkbox],input[type=radio]{appearance:auto}}
`;

/** The consent settings dialog: its box and backdrop, the cookie groups, their check boxes. */
export const CONSENT_DIALOG_STYLES = `
.consent-dialog{max-width:36rem;width:calc(100% - 2rem);border:1px solid var(--line);border-radius:var(--radius);padding:1.5rem;box-shadow:0 12px 40px rgb(20 33 61 / 25%);background:var(--paper);color:var(--ink)}
.consent-dialog::backdrop{background:rgb(20 33 61 / 45%)}
.consent-dialog h2{font-size:1.3rem}
.consent-dialog__actions{display:flex;flex-wrap:wrap;gap:.6rem;align-items:center}
.consent-groups{list-style:none;padding:0;margin:1rem 0;display:grid;gap:1rem}
.consent-groups li{border:1px solid var(--line);border-radius:10px;padding:.9rem 1rem}
.consent-groups label{display:flex;gap:.7rem;align-items:center}
.consent-groups p{margin:.4rem 0 0;font-size:.95rem;color:var(--ink-soft)}
.consent-groups__always{font-size:.85rem;color:var(--ink-soft)}
.consent-groups__names{font-family:var(--mono);font-size:.85rem!important}
${CHOICE_CONTROL_STYLES}`;
