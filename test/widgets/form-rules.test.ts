/** The forms' field rules, in Node: what the visitor is told before anything is sent, and what a server code becomes. */
import { describe, expect, it } from 'vitest';
import { checkAll, checkField, serverProblem, type Rule } from '../../src/widgets/forms/rules';

describe('form rules', () => {
  it('require text, a choice, a ticked box and a non-empty list', () => {
    expect(checkField('', { required: true })).toEqual({ key: 'required' });
    expect(checkField('   ', { required: true })).toEqual({ key: 'required' });
    expect(checkField(undefined, { required: true, choice: true })).toEqual({ key: 'pick' });
    expect(checkField(false, { accepted: true })).toEqual({ key: 'privacy' });
    expect(checkField(true, { accepted: true })).toBeUndefined();
    expect(checkField([], { required: true })).toEqual({ key: 'choose' });
    expect(checkField(['it-outsourcing'], { required: true })).toBeUndefined();
    // An optional field left empty is fine, whatever else its rule says.
    expect(checkField('', { email: true, min: 5 })).toBeUndefined();
  });

  it('check addresses and phone numbers by the patterns the collections use', () => {
    expect(checkField('ada@example.com', { email: true })).toBeUndefined();
    expect(checkField('ada@example', { email: true })).toEqual({ key: 'email' });
    expect(checkField('ada @example.com', { email: true })).toEqual({ key: 'email' });
    expect(checkField('+36 (1) 555-0142', { phone: true })).toBeUndefined();
    expect(checkField('call me', { phone: true })).toEqual({ key: 'phone' });
  });

  it('count lengths in characters as PocketBase does, after trimming', () => {
    const rule: Rule = { min: 3, max: 5 };
    expect(checkField('ab', rule)).toEqual({ key: 'tooShort', values: { min: 3 } });
    expect(checkField('  abc  ', rule)).toBeUndefined();
    // Five code points, ten UTF-16 units: within the limit.
    expect(checkField('😀😀😀😀😀', rule)).toBeUndefined();
    expect(checkField('abcdef', rule)).toEqual({ key: 'tooLong', values: { max: 5 } });
  });

  it('report every field with a problem, and only those', () => {
    const rules: Record<string, Rule> = { name: { required: true }, email: { required: true, email: true }, privacy: { accepted: true }, note: { max: 3 } };
    expect(checkAll({ name: 'Ada', email: 'nope', privacy: false, note: '' }, rules)).toEqual({ email: { key: 'email' }, privacy: { key: 'privacy' } });
    expect(checkAll({ name: 'Ada', email: 'ada@example.com', privacy: true }, rules)).toEqual({});
  });

  it("turn the server's validation codes into the form's messages", () => {
    expect(serverProblem('validation_required', { required: true })).toEqual({ key: 'required' });
    expect(serverProblem('validation_invalid_format', { email: true })).toEqual({ key: 'email' });
    expect(serverProblem('validation_invalid_format', { phone: true })).toEqual({ key: 'phone' });
    expect(serverProblem('validation_length_too_long', { max: 80 })).toEqual({ key: 'tooLong', values: { max: 80 } });
    // Without the limit to name, "too long" says only that the value is not accepted.
    expect(serverProblem('validation_length_too_long', undefined)).toEqual({ key: 'invalid' });
    expect(serverProblem('validation_something_new', { required: true })).toEqual({ key: 'invalid' });
  });
});
