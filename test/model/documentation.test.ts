/** Documentation text (src/model/documentation.ts): trimmed, with the markup's shared indentation removed. */
import { describe, expect, it } from 'vitest';
import { wsdlDocumentation, xsdDocumentation } from '../../src/model/documentation.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';

const WSDL = 'http://schemas.xmlsoap.org/wsdl/';
const XSD = 'http://www.w3.org/2001/XMLSchema';

describe('documentation', () => {
  it('removes the indentation the lines after the first share, keeping relative indentation and blank lines', () => {
    const el = parseXml(`<op xmlns:wsdl="${WSDL}"><wsdl:documentation>Allows you to get the forecast, which
                is updated hourly.

                  - indented note
                U.S. Only   </wsdl:documentation></op>`);
    expect(wsdlDocumentation(el)).toBe(
      'Allows you to get the forecast, which\nis updated hourly.\n\n  - indented note\nU.S. Only',
    );
  });

  it('leaves single lines and unindented text as they are', () => {
    const el = parseXml(
      `<t xmlns:xs="${XSD}"><xs:annotation><xs:documentation>  One line.  </xs:documentation></xs:annotation></t>`,
    );
    expect(xsdDocumentation(el)).toBe('One line.');
    const flat = parseXml(
      `<t xmlns:xs="${XSD}"><xs:annotation><xs:documentation>a\nb</xs:documentation></xs:annotation></t>`,
    );
    expect(xsdDocumentation(flat)).toBe('a\nb');
  });
});
