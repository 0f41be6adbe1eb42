/**
 * htmlparser2 as templates import it from a built sitegen (see load-templates.ts): bundled into
 * `lib/` beside the engine, which bundles the tokenizer and parser it uses itself. The package as
 * published is some thirty modules (its DOM handler, utilities and serializer among them),
 * which Node loads one by one: about 25 ms of every build that loads the templates, for the
 * parser that `shared/html-walk.ts` takes from it.
 */
export * from 'htmlparser2';
