/**
 * A stand-in for the part of PocketBase (0.23 to 0.28) that runs `pb_migrations/*.js`: the JSVM
 * globals the migrations use, collections with their record tables, the settings with the rate
 * limiter, and the `_params` table. No PocketBase binary can be installed here, so the migrations
 * are run against this, written from PocketBase's sources:
 *
 * - fields (core/field_*.go): the options each type has. PocketBase's JSON unmarshalling drops a
 *   key a type does not have (`max` on an `email` field) without a word; here it is an error;
 * - FieldsList.add (core/fields_list.go): a field without id gets `type + crc32(name)`, or the id
 *   of a field with its name, which it then replaces;
 * - collection validation (core/collection_validate.go): unique names, no field type change by id,
 *   text and select options; a rule naming `@request.body.<field>` needs that field;
 * - record table sync (core/collection_record_table_sync.go): a field whose id is gone drops its
 *   column and values, a renamed one keeps them, a new one starts empty;
 * - settings (core/settings_model.go): the defaults of a new server, and the rate limit rules'
 *   validation (label pattern, audience, counts, labels that conflict);
 * - the rate limiter (apis/middlewares_rate_limit.go): which rule a record create meets, for a
 *   guest and for a signed-in user;
 * - the init migration (migrations/1640988000_init.go): the `users` collection anyone may sign up to.
 *
 * `app.db()` knows exactly the SQL statements the migrations send and refuses any other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

export interface RateLimitRule {
  label: string;
  audience: '' | '@guest' | '@auth';
  duration: number;
  maxRequests: number;
}

export interface SettingsData {
  rateLimits: { enabled: boolean; rules: RateLimitRule[] };
}

type Rule = string | null;

const COMMON_FIELD_KEYS = ['id', 'name', 'type', 'system', 'hidden', 'presentable'];
/** The options of each field type (json tags of core/field_<type>.go). */
const FIELD_KEYS: Record<string, string[]> = {
  text: ['required', 'min', 'max', 'pattern', 'autogeneratePattern', 'primaryKey'],
  email: ['required', 'exceptDomains', 'onlyDomains'],
  select: ['required', 'maxSelect', 'values'],
  bool: ['required'],
  autodate: ['onCreate', 'onUpdate'],
  password: ['required', 'min', 'max', 'pattern', 'cost'],
  file: ['required', 'maxSelect', 'maxSize', 'mimeTypes', 'thumbs', 'protected'],
};
const COLLECTION_KEYS = ['id', 'name', 'type', 'system', 'fields', 'indexes', 'listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule'];
const RULE_KEYS = ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule'] as const;

export type FieldData = Record<string, unknown> & { id: string; name: string; type: string };

export interface CollectionData {
  id: string;
  name: string;
  type: string;
  system: boolean;
  fields: FieldData[];
  indexes: string[];
  listRule: Rule;
  viewRule: Rule;
  createRule: Rule;
  updateRule: Rule;
  deleteRule: Rule;
}

/** A collection field as the JSVM shows it: its options as properties, its type as a method. */
export class Field {
  [option: string]: unknown;
  constructor(kind: string, data: Record<string, unknown>) {
    const known = FIELD_KEYS[kind];
    if (!known) throw new Error(`PocketBase has no field type "${kind}"`);
    for (const key of Object.keys(data)) {
      if (key === 'type') continue;
      if (!COMMON_FIELD_KEYS.includes(key) && !known.includes(key)) {
        throw new Error(`PocketBase would silently ignore "${key}" on the ${kind} field "${String(data.name)}": a ${kind} field has no such option`);
      }
    }
    Object.assign(this, { id: '', name: '', system: false, hidden: false, presentable: false }, data);
    Object.defineProperty(this, 'type', { value: () => kind, enumerable: false });
  }

  toJSON(): FieldData {
    return { ...(Object.fromEntries(Object.entries(this)) as FieldData), type: (this.type as () => string)() };
  }
}

const typeOf = (field: Field) => (field.type as () => string)();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function toField(value: unknown): Field {
  if (value instanceof Field) return value;
  const data = value as Record<string, unknown>;
  return new Field(String(data.type), data);
}

/** core.FieldsList, with the methods the migrations call. */
export class FieldsList {
  items: Field[] = [];

  constructor(fields: unknown[] = []) {
    for (const field of fields) this.insert(-1, toField(field));
  }

  get length(): number {
    return this.items.length;
  }

  getByName(name: string): Field | null {
    return this.items.find((field) => field.name === name) ?? null;
  }

  getById(id: string): Field | null {
    return this.items.find((field) => field.id === id) ?? null;
  }

  fieldNames(): string[] {
    return this.items.map((field) => String(field.name));
  }

  add(...fields: Field[]): void {
    for (const field of fields) this.insert(-1, field);
  }

  addAt(pos: number, ...fields: Field[]): void {
    const total = this.items.length;
    fields.forEach((field, i) => this.insert(pos < 0 ? -1 : pos > total ? total + i : pos + i, field));
  }

  removeByName(name: string): void {
    const at = this.items.findIndex((field) => field.name === name);
    if (at !== -1) this.items.splice(at, 1);
  }

  /** fields_list.go `add`. */
  private insert(pos: number, field: Field): void {
    const inPlace = pos < 0;
    if (inPlace || pos > this.items.length) pos = this.items.length;
    let byName = false;
    if (!field.id) {
      byName = true;
      const base = typeOf(field) + crc32(String(field.name));
      let id = base;
      for (let i = 2; this.getById(id) && i < 1000; i++) id = base + i;
      field.id = id;
    }
    for (const [i, existing] of this.items.entries()) {
      const same = byName ? field.name !== '' && existing.name === field.name : existing.id === field.id;
      if (!same) continue;
      if (byName) field.id = existing.id;
      if (inPlace) {
        this.items[i] = field;
        return;
      }
      this.items.splice(i, 1);
      if (pos > this.items.length) pos = this.items.length;
      break;
    }
    this.items.splice(pos, 0, field);
  }

  toJSON(): FieldData[] {
    return this.items.map((field) => field.toJSON());
  }
}

/** core.Collection as `new Collection({...})` makes it and `app.findCollectionByNameOrId` returns it. */
export class Collection {
  id = '';
  name = '';
  type = 'base';
  system = false;
  fields = new FieldsList();
  indexes: string[] = [];
  listRule: Rule = null;
  viewRule: Rule = null;
  createRule: Rule = null;
  updateRule: Rule = null;
  deleteRule: Rule = null;

  /** Read from the database (an update when saved), not made with `new Collection`. */
  declare persisted?: boolean;

  constructor(data: Record<string, unknown> = {}) {
    for (const key of Object.keys(data)) {
      if (!COLLECTION_KEYS.includes(key)) throw new Error(`PocketBase would silently ignore "${key}" on collection "${String(data.name)}"`);
    }
    const { fields, ...rest } = data;
    Object.assign(this, rest);
    this.fields = new FieldsList(Array.isArray(fields) ? fields : []);
    // Every collection has its `id` primary key (core.NewBaseCollection).
    if (!this.fields.getByName('id')) {
      this.fields.addAt(0, new Field('text', { name: 'id', system: true, required: true, primaryKey: true, min: 15, max: 15, pattern: '^[a-z0-9]+$', autogeneratePattern: '[a-z0-9]{15}' }));
    }
  }

  toJSON(): CollectionData {
    const { id, name, type, system, indexes, listRule, viewRule, createRule, updateRule, deleteRule } = this;
    return { id, name, type, system, fields: this.fields.toJSON(), indexes, listRule, viewRule, createRule, updateRule, deleteRule };
  }
}

/** core.Settings, with the part the migrations touch. */
export class Settings {
  rateLimits: { enabled: boolean; rules: RateLimitRule[] };
  constructor(data: SettingsData) {
    this.rateLimits = structuredClone(data.rateLimits);
  }
  toJSON(): SettingsData {
    return { rateLimits: structuredClone(this.rateLimits) };
  }
}

/** The JSVM's DynamicModel: a row to scan a query result into. */
export class DynamicModel {
  [column: string]: unknown;
  constructor(shape: Record<string, unknown>) {
    Object.assign(this, shape);
  }
}

interface Table {
  columns: string[];
  rows: Array<Record<string, string>>;
}

/** What a PocketBase server holds, as plain data: compare two with toEqual. */
export interface ServerState {
  settings: SettingsData;
  collections: Record<string, CollectionData>;
  tables: Record<string, Table>;
  params: Record<string, string>;
}

/** A rule as Go serializes it: its fields in the struct's order. */
const goRule = ({ label, audience, duration, maxRequests }: RateLimitRule): RateLimitRule => ({ label, audience, duration, maxRequests });
const goSettings = (settings: SettingsData): SettingsData => ({ rateLimits: { rules: settings.rateLimits.rules.map(goRule), enabled: settings.rateLimits.enabled } });

/** The defaults of core/settings_model.go `newDefaultSettings`. */
export const DEFAULT_RATE_LIMITS: SettingsData['rateLimits'] = {
  enabled: false,
  rules: [
    { label: '*:auth', audience: '', maxRequests: 2, duration: 3 },
    { label: '*:create', audience: '', maxRequests: 20, duration: 5 },
    { label: '/api/batch', audience: '', maxRequests: 3, duration: 1 },
    { label: '/api/', audience: '', maxRequests: 300, duration: 10 },
  ],
};

const RULE_LABEL = /^(\w+ \/[\w/-]*|\/[\w/-]*|^\w+:\w+|\*:\w+|\w+)$/;

export class PocketBase {
  private collections = new Map<string, CollectionData>();
  private tables = new Map<string, Table>();
  private params = new Map<string, string>();
  private savedSettings: SettingsData;

  /** A new server: the default settings and the `users` collection of the init migration. */
  constructor(settings: SettingsData = { rateLimits: DEFAULT_RATE_LIMITS }) {
    this.savedSettings = goSettings(settings);
    this.params.set('settings', JSON.stringify(this.savedSettings));
    const owner = 'id = @request.auth.id';
    this.save(
      new Collection({
        id: '_pb_users_auth_',
        name: 'users',
        type: 'auth',
        listRule: owner,
        viewRule: owner,
        createRule: '',
        updateRule: owner,
        deleteRule: owner,
        fields: [
          { type: 'password', name: 'password', system: true, hidden: true, required: true, min: 8 },
          { type: 'text', name: 'tokenKey', system: true, hidden: true, required: true, min: 30, max: 60 },
          { type: 'email', name: 'email', system: true, required: true },
          { type: 'bool', name: 'emailVisibility', system: true },
          { type: 'bool', name: 'verified', system: true },
          { type: 'text', name: 'name', max: 255 },
          { type: 'file', name: 'avatar', maxSelect: 1, mimeTypes: ['image/jpeg', 'image/png', 'image/svg+xml', 'image/gif', 'image/webp'] },
          { type: 'autodate', name: 'created', onCreate: true },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
      }),
    );
  }

  // ---- the app the migrations get ----

  settings(): Settings {
    return new Settings(this.savedSettings);
  }

  findCollectionByNameOrId(nameOrId: string): Collection {
    const found = this.collections.get(nameOrId) ?? [...this.collections.values()].find((collection) => collection.id === nameOrId);
    if (!found) throw new Error('sql: no rows in result set');
    const copy = new Collection({ ...found, fields: found.fields });
    Object.defineProperty(copy, 'persisted', { value: true, enumerable: false });
    return copy;
  }

  save(model: Collection | Settings): void {
    if (model instanceof Settings) {
      validateRateLimits(model.rateLimits);
      this.savedSettings = goSettings(model.toJSON());
      this.params.set('settings', JSON.stringify(this.savedSettings));
      return;
    }
    const data = model.toJSON();
    const old = model.persisted ? [...this.collections.values()].find((collection) => collection.id === data.id) : undefined;
    if (model.persisted && !old) throw new Error(`collection ${data.name} no longer exists`);
    if (!old) {
      // core: a new collection's id is `pbc_` + the CRC-32 of its name unless it has one.
      data.id = data.id || `pbc_${crc32(data.name)}`;
      if ([...this.collections.values()].some((collection) => collection.id === data.id)) {
        throw new Error(this.collections.has(data.name) ? `validation_collection_name_exists: ${data.name}` : `the id ${data.id} is taken`);
      }
    }
    validateCollection(data, old, [...this.collections.values()]);
    this.syncTable(data, old);
    if (old && old.name !== data.name) this.collections.delete(old.name);
    this.collections.set(data.name, data);
  }

  delete(model: Collection): void {
    const found = this.collections.get(model.name);
    if (!found) throw new Error(`no collection ${model.name}`);
    this.collections.delete(model.name);
    this.tables.delete(model.name);
  }

  db() {
    return {
      newQuery: (sql: string) => {
        let params: Record<string, unknown> = {};
        const query = {
          bind: (values: Record<string, unknown>) => {
            params = values;
            return query;
          },
          execute: () => this.execute(sql, params),
          one: (row: DynamicModel) => this.selectOne(sql, params, row),
        };
        return query;
      },
    };
  }

  // ---- what tests look at ----

  state(): ServerState {
    return structuredClone({
      settings: this.savedSettings,
      collections: Object.fromEntries(this.collections),
      tables: Object.fromEntries(this.tables),
      params: Object.fromEntries(this.params),
    });
  }

  collection(name: string): CollectionData | undefined {
    return structuredClone(this.collections.get(name));
  }

  /** Adds a record row as a create through the API would (no rules, just the stored values). */
  insertRow(collection: string, values: Record<string, string>): void {
    const table = this.tables.get(collection);
    if (!table) throw new Error(`no table ${collection}`);
    table.rows.push(Object.fromEntries(table.columns.map((column) => [column, values[column] ?? ''])));
  }

  rows(collection: string): Array<Record<string, string>> {
    return structuredClone(this.tables.get(collection)?.rows ?? []);
  }

  /**
   * The rule the rate limiter applies to a record create in `collection` (apis/record_crud.go
   * registers collectionPathRateLimit with the tag "create"), or undefined when none applies.
   */
  createLimit(collection: string, client: 'guest' | 'signed-in' | 'superuser'): RateLimitRule | undefined {
    const { enabled, rules } = this.savedSettings.rateLimits;
    if (!enabled || client === 'superuser') return undefined;
    const path = `/api/collections/${collection}/records`;
    const labels = [`${collection}:create`, '*:create', `POST ${path}`, path];
    return findRateLimitRule(rules, labels, client === 'guest' ? ['', '@guest'] : ['', '@auth']);
  }

  /** Runs one migration file's up or down function as `pocketbase migrate up|down` does. */
  migrate(file: string, direction: 'up' | 'down'): void {
    let registered: { up: (app: unknown) => void; down: (app: unknown) => void } | undefined;
    const context = vm.createContext({
      migrate: (up: (app: unknown) => void, down: (app: unknown) => void) => {
        registered = { up, down };
      },
      Collection,
      TextField: class extends Field {
        constructor(data: Record<string, unknown>) {
          super('text', data);
        }
      },
      EmailField: class extends Field {
        constructor(data: Record<string, unknown>) {
          super('email', data);
        }
      },
      DynamicModel,
      unmarshal,
    });
    vm.runInContext(readFileSync(file, 'utf8'), context, { filename: path.basename(file) });
    if (!registered) throw new Error(`${file} registers no migration`);
    // A migration runs in a transaction: a throw leaves the server as it was.
    const before = this.snapshot();
    try {
      registered[direction](this);
    } catch (error) {
      this.restore(before);
      throw error;
    }
  }

  private snapshot() {
    return structuredClone({ collections: this.collections, tables: this.tables, params: this.params, settings: this.savedSettings });
  }

  private restore(saved: ReturnType<PocketBase['snapshot']>): void {
    this.collections = saved.collections;
    this.tables = saved.tables;
    this.params = saved.params;
    this.savedSettings = saved.settings;
  }

  private syncTable(next: CollectionData, old: CollectionData | undefined): void {
    if (!old) {
      this.tables.set(next.name, { columns: next.fields.map((field) => field.name), rows: [] });
      return;
    }
    const table = this.tables.get(old.name)!;
    const renamed = new Map<string, string>();
    for (const field of old.fields) {
      const now = next.fields.find((candidate) => candidate.id === field.id);
      if (!now) {
        table.columns = table.columns.filter((column) => column !== field.name);
        for (const row of table.rows) delete row[field.name];
      } else if (now.name !== field.name) {
        renamed.set(field.name, now.name);
      }
    }
    table.columns = table.columns.map((column) => renamed.get(column) ?? column);
    table.rows = table.rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [renamed.get(column) ?? column, value])));
    for (const field of next.fields) {
      if (old.fields.some((candidate) => candidate.id === field.id)) continue;
      table.columns.push(field.name);
      for (const row of table.rows) row[field.name] = '';
    }
    // Columns in the order of the fields, as a fresh table would have them.
    table.columns = next.fields.map((field) => field.name);
    this.tables.delete(old.name);
    this.tables.set(next.name, table);
  }

  private execute(sql: string, params: Record<string, unknown>): void {
    let match: RegExpExecArray | null;
    if (/^INSERT INTO \{\{_params\}\} \(\[\[id\]\], \[\[value\]\]\) VALUES \(\{:id\}, \{:value\}\)$/.test(sql)) {
      const id = String(params.id);
      if (this.params.has(id)) throw new Error(`UNIQUE constraint failed: _params.id (${id})`);
      this.params.set(id, String(params.value));
    } else if (/^DELETE FROM \{\{_params\}\} WHERE \[\[id\]\] = \{:id\}$/.test(sql)) {
      if (params.id === 'settings') throw new Error('the app params settings cannot be deleted');
      this.params.delete(String(params.id));
    } else if ((match = /^UPDATE \{\{(\w+)\}\} SET \[\[(\w+)\]\] = \[\[(\w+)\]\]$/.exec(sql))) {
      const [, name, target, source] = match;
      const table = this.tables.get(name!);
      if (!table || !table.columns.includes(target!) || !table.columns.includes(source!)) throw new Error(`no such table or column in "${sql}"`);
      for (const row of table.rows) row[target!] = row[source!]!;
    } else {
      throw new Error(`the stand-in does not know this SQL statement (a real server must run it): ${sql}`);
    }
  }

  private selectOne(sql: string, params: Record<string, unknown>, row: DynamicModel): void {
    if (!/^SELECT \[\[value\]\] FROM \{\{_params\}\} WHERE \[\[id\]\] = \{:id\} LIMIT 1$/.test(sql)) {
      throw new Error(`the stand-in does not know this SQL statement (a real server must run it): ${sql}`);
    }
    const value = this.params.get(String(params.id));
    if (value === undefined) throw new Error('sql: no rows in result set');
    row.value = value;
  }
}

/** The JSVM's `unmarshal(data, target)`: encoding/json into the Go value (objects merge, lists replace). */
function unmarshal(data: Record<string, unknown>, target: Collection | Settings): void {
  if (target instanceof Collection) {
    for (const [key, value] of Object.entries(data)) {
      if (!COLLECTION_KEYS.includes(key) || key === 'fields') throw new Error(`the stand-in does not unmarshal "${key}" into a collection`);
      (target as unknown as Record<string, unknown>)[key] = value;
    }
    return;
  }
  for (const [key, value] of Object.entries(data)) {
    if (key !== 'rateLimits') throw new Error(`the stand-in does not unmarshal "${key}" into the settings`);
    const limits = value as Partial<SettingsData['rateLimits']>;
    if (limits.enabled !== undefined) target.rateLimits.enabled = limits.enabled;
    if (limits.rules !== undefined) {
      target.rateLimits.rules = limits.rules.map((rule) => {
        for (const ruleKey of Object.keys(rule)) {
          if (!['label', 'audience', 'duration', 'maxRequests'].includes(ruleKey)) throw new Error(`a rate limit rule has no "${ruleKey}"`);
        }
        // Go's zero values for what the JSON leaves out.
        return { label: '', audience: '', duration: 0, maxRequests: 0, ...(rule as Partial<RateLimitRule>) } as RateLimitRule;
      });
    }
  }
}

/** core.RateLimitsConfig.Validate. */
function validateRateLimits({ enabled, rules }: SettingsData['rateLimits']): void {
  if (enabled && rules.length === 0) throw new Error('rateLimits.rules: cannot be blank while the limiter is enabled');
  const seen: string[] = [];
  for (const [i, rule] of rules.entries()) {
    if (!rule.label || !RULE_LABEL.test(rule.label)) throw new Error(`rateLimits.rules.${i}.label: invalid "${rule.label}"`);
    if (!(rule.maxRequests >= 1) || !Number.isInteger(rule.maxRequests)) throw new Error(`rateLimits.rules.${i}.maxRequests: must be at least 1`);
    if (!(rule.duration >= 1) || !Number.isInteger(rule.duration)) throw new Error(`rateLimits.rules.${i}.duration: must be at least 1`);
    if (!['', '@guest', '@auth'].includes(rule.audience)) throw new Error(`rateLimits.rules.${i}.audience: invalid "${rule.audience}"`);
    const key = `${rule.label}@@${rule.audience}`;
    if (seen.some((other) => other.startsWith(key) || key.startsWith(other))) {
      throw new Error(`rateLimits.rules.${i}.label: validation_conflicting_rate_limit_rule (${rule.label} ${rule.audience || 'everyone'})`);
    }
    seen.push(key);
  }
}

/** core.RateLimitsConfig.FindRateLimitRule. */
export function findRateLimitRule(rules: RateLimitRule[], labels: string[], audiences: string[]): RateLimitRule | undefined {
  const prefixRules: number[] = [];
  for (const [i, label] of labels.entries()) {
    for (const [j, rule] of rules.entries()) {
      if (label === rule.label && audiences.includes(rule.audience)) return rule;
      if (i === 0 && rule.label.endsWith('/')) prefixRules.push(j);
    }
    for (const j of prefixRules) {
      const rule = rules[j]!;
      if (`${label}/`.startsWith(rule.label) && audiences.includes(rule.audience)) return rule;
    }
  }
  return undefined;
}

/** A Go (RE2) regular expression: no lookaround, no backreferences, no possessive or lazy-free surprises. */
export function isGoRegexp(pattern: string): boolean {
  if (/\(\?[=!<]|\\[1-9]|\\k</.test(pattern)) return false;
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function validateCollection(next: CollectionData, old: CollectionData | undefined, all: Array<CollectionData>): void {
  if (!/^\w+$/.test(next.name)) throw new Error(`collection name "${next.name}" is invalid`);
  if (all.some((other) => other.id !== next.id && other.name.toLowerCase() === next.name.toLowerCase())) {
    throw new Error(`validation_collection_name_exists: ${next.name}`);
  }
  const names = new Set<string>();
  const ids = new Set<string>();
  for (const field of next.fields) {
    if (names.has(field.name.toLowerCase())) throw new Error(`validation_duplicated_field_name: ${next.name}.${field.name}`);
    if (ids.has(field.id)) throw new Error(`validation_duplicated_field_id: ${next.name}.${field.id}`);
    names.add(field.name.toLowerCase());
    ids.add(field.id);
    const before = old?.fields.find((candidate) => candidate.id === field.id);
    if (before && before.type !== field.type) throw new Error(`validation_field_type_change: ${next.name}.${field.name} (${before.type} -> ${field.type})`);
    if (field.type === 'text') {
      const min = Number(field.min ?? 0);
      const max = Number(field.max ?? 0);
      if (min < 0 || (max !== 0 && max < min)) throw new Error(`${next.name}.${field.name}: max must be at least min`);
      if (field.pattern && !isGoRegexp(String(field.pattern))) throw new Error(`${next.name}.${field.name}: pattern is not a Go regular expression`);
    }
    if (field.type === 'select') {
      const values = field.values as string[] | undefined;
      if (!values?.length) throw new Error(`${next.name}.${field.name}: a select needs values`);
      if (Number(field.maxSelect ?? 0) > values.length) throw new Error(`${next.name}.${field.name}: maxSelect is more than the values`);
    }
  }
  for (const key of RULE_KEYS) {
    const rule = next[key];
    if (typeof rule !== 'string') continue;
    for (const [, name] of rule.matchAll(/@request\.body\.(\w+)/g)) {
      if (!names.has(name!.toLowerCase())) throw new Error(`validation_invalid_rule: ${next.name}.${key} names @request.body.${name}, which is no field`);
    }
  }
}
