/**
 * Objects with fields computed when read, for the tens of thousands a large build keeps (one or
 * more per content file and per route, on every thread).
 *
 * An object literal with getters (`{ data, get html() { … } }`) is a dictionary-mode object in V8,
 * with a closure and an accessor pair per getter: 30,000 of them with four getters took 878 bytes
 * each and 17 times as long to read as the same fields defined with shared accessors (measured
 * in one process). At 10,000 articles x 3 the main thread and each page worker held 60,000 to
 * 120,000 such objects. `lazyFields` defines the getters once, as accessors that read a hidden
 * source: the objects keep one shape (117 bytes each, data included, in the same measurement),
 * and are what the literals were to anyone reading them: the same own, enumerable fields in the
 * same order, so spreading one or `JSON.stringify` gives what it gave.
 */

const SOURCE = Symbol('lazy fields source');

type Getters<Source, Fields> = { [Name in keyof Fields]: (source: Source) => Fields[Name] };

/**
 * Returns a function that adds `getters` as fields to a plain object, each computed from
 * `source` when read. Call it once per kind of object, not per object: the accessors it
 * defines are shared by every object it makes.
 */
export function lazyFields<Source, Fields extends object>(getters: Getters<Source, Fields>): <Plain extends object>(plain: Plain, source: Source) => Plain & Fields {
  const descriptors: PropertyDescriptorMap = {};
  for (const [name, get] of Object.entries(getters) as Array<[string, (source: Source) => unknown]>) {
    descriptors[name] = {
      get(this: { [SOURCE]: Source }) {
        return get(this[SOURCE]);
      },
      enumerable: true,
      configurable: true,
    };
  }
  return (plain, source) => {
    // Not enumerable: spreading or serializing the object shows its fields only.
    Object.defineProperty(plain, SOURCE, { value: source });
    return Object.defineProperties(plain, descriptors) as typeof plain & Fields;
  };
}

/** The hidden source of an object made by a `lazyFields` function (undefined for any other). */
export function lazySourceOf<Source>(object: object): Source | undefined {
  return (object as { [SOURCE]?: Source })[SOURCE];
}
