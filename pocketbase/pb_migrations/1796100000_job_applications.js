/// <reference path="../pb_data/types.d.ts" />

/*
 * Job applications sent from the career page (pocketbase/README.md, "Job applications").
 *
 * Up: the `job_applications` collection, created like the other forms' (anyone may create with
 *   the honeypot empty; only superusers read, change or delete), with the CV in a protected file
 *   field (PDF, DOCX or ODT, at most 5 MB: a protected file is served only with a superuser's
 *   file token, so only the Dashboard opens it), the notification state of the lead pipeline,
 *   and the same create limit for everyone as the other forms (3 per 60 s per client IP).
 * Down: removes the collection (and its files) and the limit rule.
 */

const NAME = 'job_applications';
const LIMIT = { label: NAME + ':create', audience: '', duration: 60, maxRequests: 3 };
const CV_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
];

function otherRules(settings) {
  const kept = [];
  const current = settings.rateLimits.rules || [];
  for (let i = 0; i < current.length; i++) {
    const rule = current[i];
    if (rule.label !== LIMIT.label) {
      kept.push({ label: rule.label, audience: rule.audience, duration: rule.duration, maxRequests: rule.maxRequests });
    }
  }
  return kept;
}

migrate(
  (app) => {
    app.save(
      new Collection({
        type: 'base',
        name: NAME,
        createRule: '@request.body.website = ""',
        listRule: null,
        viewRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          // the opening's id on the career page (its anchor) and its title as the visitor saw it
          { name: 'position', type: 'text', required: true, max: 80, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
          { name: 'position_title', type: 'text', required: true, max: 200 },
          { name: 'name', type: 'text', required: true, max: 100 },
          { name: 'email', type: 'text', required: true, max: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
          { name: 'phone', type: 'text', required: false, max: 40, pattern: '^[0-9+()\\/ .-]*$' },
          { name: 'message', type: 'text', required: false, max: 5000 },
          { name: 'cv', type: 'file', required: true, maxSelect: 1, maxSize: 5 * 1024 * 1024, mimeTypes: CV_TYPES, protected: true },
          { name: 'portfolio', type: 'url', required: false },
          { name: 'github', type: 'url', required: false },
          { name: 'linkedin', type: 'url', required: false },
          { name: 'privacy', type: 'bool', required: true },
          { name: 'locale', type: 'select', required: true, maxSelect: 1, values: ['en', 'hu', 'de'] },
          { name: 'path', type: 'text', required: true, max: 300 },
          { name: 'website', type: 'text', required: false, max: 200 },
          { name: 'notified', type: 'date', required: false },
          { name: 'notify_attempts', type: 'number', required: false, min: 0, onlyInt: true },
          { name: 'notify_next', type: 'date', required: false },
          { name: 'notify_error', type: 'text', required: false, max: 2000 },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
          { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
        ],
      }),
    );
    const settings = app.settings();
    settings.rateLimits.rules = otherRules(settings).concat([Object.assign({}, LIMIT)]);
    app.save(settings);
  },
  (app) => {
    try {
      app.delete(app.findCollectionByNameOrId(NAME));
    } catch (_) {
      // already gone
    }
    const settings = app.settings();
    settings.rateLimits.rules = otherRules(settings);
    app.save(settings);
  },
);
