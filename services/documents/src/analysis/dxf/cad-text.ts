/** Plain text out of CAD text entities: TEXT control codes and MTEXT inline formatting. */

/** `%%u`, `%%d`… in TEXT (and in MTEXT, which accepts them too). */
function replacePercentCodes(text: string): string {
  if (!text.includes('%%')) return text;
  return text.replace(/%%(\d{3}|[a-zA-Z%])/g, (_match, code: string) => {
    if (/^\d{3}$/.test(code)) return String.fromCharCode(Number(code));
    switch (code.toLowerCase()) {
      case 'd':
        return '°';
      case 'p':
        return '±';
      case 'c':
        return 'Ø';
      case '%':
        return '%';
      default:
        return ''; // %%u underline, %%o overline, %%k strike-through: toggles, no text
    }
  });
}

export function plainTextFromText(raw: string): string {
  return replacePercentCodes(raw).trim();
}

/** Removes MTEXT formatting; stacked fractions `\S1#2;` read as `1/2`. */
export function plainTextFromMText(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '{' || ch === '}') continue;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const code = raw[i + 1];
    if (code === undefined) break;
    i++;
    switch (code) {
      case 'P':
      case 'X':
        out += '\n';
        break;
      case '~':
        out += ' ';
        break;
      case '\\':
      case '{':
      case '}':
        out += code;
        break;
      case 'S': {
        const end = raw.indexOf(';', i + 1);
        const stacked = raw.slice(i + 1, end < 0 ? raw.length : end);
        const [top, bottom = ''] = stacked.split(/[#^/]/);
        if (/\d$/.test(out)) out += ' ';
        out += bottom.trim() ? `${top.trim()}/${bottom.trim()}` : top.trim();
        i = end < 0 ? raw.length : end;
        break;
      }
      case 'A':
      case 'C':
      case 'c':
      case 'F':
      case 'f':
      case 'H':
      case 'Q':
      case 'T':
      case 'W':
      case 'p': {
        const end = raw.indexOf(';', i + 1);
        i = end < 0 ? raw.length : end;
        break;
      }
      default:
        // \L \l \O \o \K \k \N and unknown codes: formatting toggles without text.
        break;
    }
  }
  return replacePercentCodes(out).trim();
}

/** `\U+00B0` escapes, used by DXF writers for characters outside the file's code page. */
export function replaceUnicodeEscapes(text: string): string {
  if (!text.includes('\\U+') && !text.includes('\\u+')) return text;
  return text.replace(/\\[Uu]\+([0-9a-fA-F]{4})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
