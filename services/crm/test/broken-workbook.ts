import { zip } from './hostile-zip';

/**
 * A workbook every upload check accepts (a plain xlsx zip, sane sizes, the workbook content type) whose sheet
 * XML is broken inside: an entity nobody declared, which the XML parser reports as "undefined entity".
 */
export function brokenWorkbook(): Buffer {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relations = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const parts: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="${relations}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml':
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${relations}">` +
      '<sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="${relations}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml':
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><sheetData>` +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>First Name</t></is></c><c r="B1" t="inlineStr"><is><t>Email</t></is></c></row>' +
      '<row r="2"><c r="A2" t="inlineStr"><is><t>Broken &bogus; Sheet</t></is></c></row>' +
      '</sheetData></worksheet>',
  };
  return zip(Object.entries(parts).map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })));
}
