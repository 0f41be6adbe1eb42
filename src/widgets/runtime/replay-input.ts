/**
 * What a visitor did in an island's server-rendered form controls before it hydrated becomes
 * the island's state: its own change handlers hear about it as if it had happened afterwards.
 *
 * React hydrates a controlled input without reading what was typed into it: the state keeps the
 * server's value while the field shows the visitor's, and the next render of the field writes
 * the state back (an e-mail typed while React loaded was "empty" when the form was sent, and
 * then cleared). React's own fix replays change events for such controls
 * (facebook/react#33129), behind a flag that React 19 releases leave off; this does the same for
 * every island, in two steps:
 *
 * 1. As hydration commits (`mark`, from a layout effect): every control that differs from what
 *    the server rendered is noted with its state, and React is made to forget that it saw it.
 *    React fires `onChange` only when a control's value differs from the one it last saw
 *    (`_valueTracker`), and hydration recorded the visitor's value there; it gets the rendered
 *    one back (React makes `defaultValue` and `defaultChecked` the props it rendered).
 * 2. Right after the commit (a microtask): each noted control gets the events a browser fires
 *    for such a change, one control at a time, the focused one first. Not during the commit: an
 *    event handled then has its control written back to the old state by React, which cannot
 *    render there, and loses its caret. Outside it, each event renders at once, so the next
 *    handler sees the state the previous one made; that render writes the old state into the
 *    controls not replayed yet, so each gets its noted state back before its events. The focused
 *    control is never written to: its caret, selection and undo history stay.
 *
 * It runs before any passive effect can render (their updates wait for a later task), and an
 * event that forced the hydration reaches React first and marks its control seen, so no change
 * is reported twice (except a select's, which React does not track: the same value again).
 *
 * One control React does write while hydrating: a textarea whose server text is not empty gets
 * that text back as its value. `noteTextareas` keeps such textareas' state from before
 * `hydrateRoot`, and the commit puts it back (caret, selection and scroll included).
 *
 * A `<details>` is not replayed: React never writes `open` unless a prop names it, so an
 * island keeps a menu's open state in the DOM (docs/widgets.md, "Islands").
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Tracked {
  _valueTracker?: { setValue(value: string): void } | null;
}

/** A control the visitor changed, with what it held at the commit. */
type Noted =
  | { kind: 'select'; control: HTMLSelectElement; selected: boolean[] }
  | { kind: 'box'; control: HTMLInputElement; checked: boolean }
  | { kind: 'text'; control: HTMLInputElement | HTMLTextAreaElement; value: string };

/** The events a browser fires for each kind of change; React hears a box's change as a click. */
const EVENTS: Record<Noted['kind'], readonly string[]> = {
  select: ['change'],
  box: ['click', 'input', 'change'],
  text: ['input', 'change'],
};

/** Input types whose value a visitor cannot change, or that hold no state worth replaying. */
const STATELESS = new Set(['hidden', 'file', 'submit', 'reset', 'button', 'image']);

/** A textarea's state before hydration: React sets one with server text back to that text. */
export interface TextareaState {
  value: string;
  selection: [number, number, 'forward' | 'backward' | 'none'];
  scroll: [number, number];
}

/** Called just before `hydrateRoot`: the textareas under `root` the visitor changed. */
export function noteTextareas(root: ParentNode): Map<HTMLTextAreaElement, TextareaState> {
  const noted = new Map<HTMLTextAreaElement, TextareaState>();
  for (const area of root.querySelectorAll('textarea')) {
    if (area.value === area.defaultValue) continue;
    noted.set(area, {
      value: area.value,
      selection: [area.selectionStart, area.selectionEnd, area.selectionDirection],
      scroll: [area.scrollTop, area.scrollLeft],
    });
  }
  return noted;
}

/**
 * Called as hydration commits: notes the controls under `root` the visitor changed (after
 * putting back the textareas hydration reset), and reports each change to React right after the
 * commit. Returns how many there are.
 */
export function replayInputBeforeHydration(root: ParentNode, textareas: ReadonlyMap<HTMLTextAreaElement, TextareaState> = new Map()): number {
  for (const [area, before] of textareas) {
    // Changed since hydration reset it (typed into meanwhile): the newer text stays.
    if (area.value !== area.defaultValue || before.value === area.value) continue;
    setNative(area, 'value', before.value);
    if (area === document.activeElement) area.setSelectionRange(...before.selection);
    [area.scrollTop, area.scrollLeft] = before.scroll;
  }
  const noted: Noted[] = [];
  for (const control of root.querySelectorAll<Control>('input, textarea, select')) {
    const change = changeOf(control);
    if (!change) continue;
    noted.push(change);
    if (change.kind !== 'select') {
      const rendered = change.kind === 'box' ? String(change.control.defaultChecked) : change.control.defaultValue;
      (change.control as Tracked)._valueTracker?.setValue(rendered);
    }
  }
  if (noted.length > 0) {
    const focused = noted.findIndex(({ control }) => control === document.activeElement);
    if (focused > 0) noted.unshift(...noted.splice(focused, 1));
    queueMicrotask(() => noted.forEach(replay));
  }
  return noted.length;
}

/** The change of `control` from what the server rendered, or undefined when there is none. */
function changeOf(control: Control): Noted | undefined {
  if (control.disabled) return undefined;
  if (control instanceof HTMLSelectElement) {
    const options = [...control.options];
    if (options.every((option) => option.selected === option.defaultSelected)) return undefined;
    return { kind: 'select', control, selected: options.map((option) => option.selected) };
  }
  if (isCheckable(control)) {
    // A radio button that lost its check is reported by the one that got it, as browsers do.
    if (control.checked === control.defaultChecked || (control.type === 'radio' && !control.checked)) return undefined;
    return { kind: 'box', control, checked: control.checked };
  }
  if (control instanceof HTMLInputElement && STATELESS.has(control.type)) return undefined;
  if (control.value === control.defaultValue) return undefined;
  return { kind: 'text', control, value: control.value };
}

function replay(noted: Noted): void {
  // Put back what an earlier replay's render wrote over, past React's tracker (the prototype's
  // setter), so React sees it as the visitor's change.
  if (noted.kind === 'select') {
    for (const [index, option] of [...noted.control.options].entries()) option.selected = noted.selected[index] ?? false;
  } else if (noted.kind === 'box') {
    if (noted.control.checked !== noted.checked) setNative(noted.control, 'checked', noted.checked);
  } else if (noted.control.value !== noted.value) {
    setNative(noted.control, 'value', noted.value);
  }
  // Plain Events, not a MouseEvent: a dispatched MouseEvent "click" would toggle a box again.
  for (const type of EVENTS[noted.kind]) noted.control.dispatchEvent(new Event(type, { bubbles: true }));
}

function setNative(control: HTMLInputElement | HTMLTextAreaElement, property: 'value' | 'checked', value: string | boolean): void {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, property)!.set!.call(control, value);
}

const isCheckable = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
