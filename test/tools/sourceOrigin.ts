/**
 * Where a CPU profile's frame came from in our sources, read through the production build's source maps:
 * the module (a package, or our file under src/ or machines/) and the function's original name with its
 * line. Shared by `npm run profile` (V8's profiles under Playwright) and `npm run profile:lighthouse`
 * (V8's samples in Lighthouse's trace).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

export interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }

/** The module (a package, or our source file) and `name module:line`. */
export interface Origin { module: string; fn: string }

/** A package's name, or our file's path from src/ or machines/. */
function moduleOf(source: string): string {
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  return source.match(/(?:^|\/)((?:src|machines)\/.*)$/)?.[1] ?? source;
}

/** A reader of frames for the build in `dir` (its dist/ and the source maps beside each chunk). */
export function sourceOrigins(dir = '.'): (frame: CallFrame) => Origin {
  const maps = new Map<string, TraceMap | null>();
  const mapFor = (url: string): TraceMap | null => {
    const file = new URL(url).pathname;
    if (!maps.has(file)) {
      const path = join(dir, 'dist', `${decodeURIComponent(file)}.map`);
      maps.set(file, existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : null);
    }
    return maps.get(file)!;
  };
  return ({ functionName, url, lineNumber, columnNumber }) => {
    if (!url) return { module: functionName.startsWith('(') ? functionName : '(native)', fn: functionName || '(anonymous)' };
    if (!url.startsWith('http')) return { module: url, fn: functionName || '(anonymous)' };
    const map = mapFor(url);
    const pos = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
    if (pos?.source) {
      const module = moduleOf(pos.source);
      return { module, fn: `${pos.name ?? functionName ?? '(anonymous)'} ${module}:${pos.line}` };
    }
    const path = new URL(url).pathname;
    return { module: path === '/' || !path.includes('.') ? '(inline script)' : path, fn: `${functionName || '(anonymous)'} ${path}` };
  };
}
