import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Parses XML after checking it is well-formed; attributes are `@_name`, repeated elements always arrays where listed. */
export function parseXml(text: string, arrays: readonly string[] = []): any {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`not well-formed XML: ${valid.err.msg} at line ${valid.err.line}`);
  return new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => arrays.includes(name),
  }).parse(text);
}
