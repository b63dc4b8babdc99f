/** XLSX test files written with exceljs: each sheet a name and its rows, row 1 first. */
import ExcelJS from 'exceljs';

export async function xlsxWorkbook(sheets: Record<string, Array<Array<string | number>>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
