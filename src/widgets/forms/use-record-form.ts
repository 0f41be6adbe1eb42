/**
 * The life of a form sent to PocketBase: values kept as a draft in sessionStorage until a
 * successful send, validation, silent dropping of bots (honeypot, minimum fill time), one
 * request per submit, and the outcome: success page, field errors, "too many requests", or the
 * failure page from which "try again" returns here with the draft.
 */
import PocketBase, { ClientResponseError } from 'pocketbase';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocale } from '../runtime/messages';
import { draftKey } from './draft-key';
import { ProofOfWork } from './proof-of-work';
import { checkAll, serverProblem, type FieldProblem, type Rule, type Values } from './rules';

export interface RecordFormOptions {
  /** Names the draft; `contact`, `clickup`, `offer`. */
  id: string;
  collection: string;
  backendUrl: string;
  rules: Record<string, Rule>;
  initial: Values;
  /** Fields added to every record (the form kind). */
  extra?: Record<string, string>;
  successUrl: string;
  failedUrl: string;
  /** The proof-of-work worker's URL (`proof-of-work.ts`); without it the page solves. */
  powWorker?: string | undefined;
  /** Checks of what is not in `values` (a file input), run with the rules. */
  check?: () => Record<string, FieldProblem>;
  /**
   * Sends the record instead of the SDK (a file upload with progress); must reject with the
   * SDK's `ClientResponseError` so that the outcomes are the same.
   */
  send?: (body: Record<string, unknown>, signal: AbortSignal, progress: (fraction: number) => void) => Promise<unknown>;
  /**
   * A failed send (no answer, 5xx) is said at the form instead of on the failure page: for a
   * form whose input a page can't keep (a chosen file), see docs/widgets.md, "Forms".
   */
  failInline?: boolean;
}

export const HONEYPOT = 'website';
/** People take longer than this to fill a form in; bots that post at once are dropped. */
export const MIN_FILL_MS = 3000;
export const RETRY_KEY = 'sitegen:form-retry';
const SEND_TIMEOUT_MS = 20_000;
/** An upload of 5 MB on a slow mobile connection (about 1 Mbit/s up) takes most of a minute. */
export const UPLOAD_TIMEOUT_MS = 120_000;

type Status = 'idle' | 'sending';

export function useRecordForm(options: RecordFormOptions) {
  const { locale, language } = useLocale();
  const [values, setValues] = useState<Values>(options.initial);
  // The state hydration rendered: never a draft worth keeping (see below).
  const [hydratedWith] = useState(values);
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  const [general, setGeneral] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>('idle');
  /** The share of an upload sent so far, while a `send` reports it. */
  const [progress, setProgress] = useState<number | undefined>();
  const sending = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const proof = useRef<ProofOfWork | undefined>(undefined);

  // The spam check is solved while the visitor types: the form hydrates when they turn to it.
  useEffect(() => {
    proof.current = new ProofOfWork(options.backendUrl, options.powWorker);
    proof.current.start();
  }, [options.backendUrl, options.powWorker]);

  // Restore a draft after hydration (never during it: the server rendered the empty form). What
  // the visitor typed before hydration has reached the state by now (replay-input.ts) and wins:
  // the draft fills only the fields still as the server rendered them.
  useEffect(() => {
    const draft = readDraft(options.id);
    if (draft) setValues((current) => withDraft(current, draft, options.initial));
    // Once per form: `initial` is a new literal of the same values on every render.
  }, [options.id]);

  // Every state after the first change is the draft; the state hydration rendered is not (the
  // draft waiting to be restored would be overwritten with an empty form).
  useEffect(() => {
    if (values === hydratedWith) return;
    try {
      sessionStorage.setItem(draftKey(options.id), JSON.stringify(values));
    } catch {
      // The draft is a convenience; the form works without it.
    }
  }, [values, hydratedWith, options.id]);

  const set = useCallback((name: string, value: Values[string]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setProblems(({ [name]: _, ...rest }) => rest);
  }, []);

  const succeed = () => {
    sessionStorage.removeItem(draftKey(options.id));
    sessionStorage.removeItem(RETRY_KEY);
    location.assign(options.successUrl);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    setGeneral(undefined);
    const found = { ...checkAll(values, options.rules), ...options.check?.() };
    setProblems(found);
    if (Object.keys(found).length > 0) {
      // The first field in trouble in page order, whatever the order of the rules.
      const fields = form.current ? [...form.current.querySelectorAll<HTMLElement & { name: string }>('[name]')] : [];
      fields.find((field) => field.name in found)?.focus();
      return;
    }
    if ((honeypot.current?.value ?? '') !== '' || performance.now() < MIN_FILL_MS) {
      // A bot: pretend it worked and send nothing.
      succeed();
      return;
    }
    sending.current = true;
    setStatus('sending');
    // A backend that never answers is a failure too, not an endless "Sending…".
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), options.send ? UPLOAD_TIMEOUT_MS : SEND_TIMEOUT_MS);
    try {
      const pb = new PocketBase(options.backendUrl, undefined, language);
      const check = (proof.current ??= new ProofOfWork(options.backendUrl, options.powWorker));
      const create = async () => {
        const altcha = await check.solution();
        const body = { ...trimmed(values), ...options.extra, locale, path: location.pathname, [HONEYPOT]: '', ...(altcha ? { altcha } : {}) };
        try {
          if (options.send) return await options.send(body, timeout.signal, setProgress);
          return await pb.collection(options.collection).create(body, { signal: timeout.signal });
        } catch (error) {
          check.renew(); // spent or refused: the next send needs a new one
          throw error;
        }
      };
      try {
        await create();
      } catch (error) {
        // Refused for its spam check (expired while the page was open, used before): once
        // more with a fresh one, which the visitor only notices as a longer "Sending…".
        if (!spamCheckRefused(error)) throw error;
        await create();
      }
      succeed();
    } catch (error) {
      handleFailure(error, timeout.signal.aborted);
    } finally {
      clearTimeout(timer);
      sending.current = false;
      setStatus('idle');
      setProgress(undefined);
    }
  };

  const handleFailure = (error: unknown, timedOut: boolean) => {
    const response = error instanceof ClientResponseError ? error : undefined;
    // A request the SDK cancelled for a newer identical one: not the visitor's concern.
    if (response?.isAbort && !timedOut) return;
    if (response?.status === 400 && spamCheckRefused(error)) {
      setGeneral('spamCheck');
      return;
    }
    if (response?.status === 400) {
      const fields = (response.response?.data ?? {}) as Record<string, { code?: string }>;
      const named = Object.entries(fields).filter(([name]) => name in options.rules);
      if (named.length === 0) {
        setGeneral('rejected');
        return;
      }
      setProblems(Object.fromEntries(named.map(([name, detail]) => [name, serverProblem(detail.code ?? '', options.rules[name])])));
      return;
    }
    if (response?.status === 429) {
      setGeneral('tooMany');
      return;
    }
    // Network failure, 5xx or a refusal: the failure page; "try again" comes back here. A form
    // with a file says it here: the file would not come back with the draft.
    if (options.failInline) {
      setGeneral('failed');
      return;
    }
    sessionStorage.setItem(RETRY_KEY, location.pathname);
    location.assign(options.failedUrl);
  };

  return { values, set, problems, general, status, progress, submit, honeypot, form };
}

/** A 400 that names the proof-of-work field (`pocketbase/pb_hooks/lead-pipeline/leads.js`). */
function spamCheckRefused(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status === 400 && Boolean((error.response?.data as Record<string, unknown> | undefined)?.altcha);
}

function readDraft(id: string): Values | undefined {
  try {
    const text = sessionStorage.getItem(draftKey(id));
    return text ? (JSON.parse(text) as Values) : undefined;
  } catch {
    // No storage, or not JSON: nothing to restore.
    return undefined;
  }
}

/**
 * The draft's value of each field the form has and the visitor has not changed yet; a value of
 * another kind than the field's (an older form's draft) is left out.
 */
export function withDraft(current: Values, draft: Values, initial: Values): Values {
  const next = { ...current };
  for (const [name, value] of Object.entries(draft)) {
    const empty = initial[name];
    if (empty === undefined || kind(value) !== kind(empty)) continue;
    if (Array.isArray(value) && !value.every((item) => typeof item === 'string')) continue;
    if (JSON.stringify(current[name]) === JSON.stringify(empty)) next[name] = value;
  }
  return next;
}

const kind = (value: unknown) => (Array.isArray(value) ? 'list' : typeof value);

function trimmed(values: Values): Values {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value]));
}
