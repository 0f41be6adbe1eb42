/** The form draft restored after hydration fills only what the visitor has not changed. */
import { describe, expect, it } from 'vitest';
import { withDraft } from '../../src/widgets/forms/use-record-form';

const INITIAL = { name: '', email: '', services: [] as string[], privacy: false };

describe('withDraft', () => {
  it('fills the fields still as rendered and keeps what the visitor typed before hydration', () => {
    const current = { ...INITIAL, email: 'typed@example.com' };
    const draft = { name: 'Ada', email: 'draft@example.com', services: ['it-outsourcing'], privacy: true };
    expect(withDraft(current, draft, INITIAL)).toEqual({ name: 'Ada', email: 'typed@example.com', services: ['it-outsourcing'], privacy: true });
  });

  it('leaves out fields the form does not have and values of another kind (an older form, a damaged draft)', () => {
    const draft = { name: 42, email: ['x'], services: [1, 2], privacy: 'yes', phone: '+36 1 234 5678' } as never;
    expect(withDraft(INITIAL, draft, INITIAL)).toEqual(INITIAL);
  });

  it('counts a box ticked before hydration as changed, so an unticked draft does not undo it', () => {
    expect(withDraft({ ...INITIAL, privacy: true }, { privacy: false }, INITIAL)).toMatchObject({ privacy: true });
  });
});
