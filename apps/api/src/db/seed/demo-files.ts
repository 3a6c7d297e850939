import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The demo's sample documents, kept in the repository beside this file (`demo-files/`); the build
 * copies them beside the bundle (`dist/demo-files/`), where `import.meta.url` then points.
 */
export function demoFilePath(name: string): string {
  return fileURLToPath(new URL(`./demo-files/${name}`, import.meta.url));
}

export const readDemoFile = (name: string): Buffer => fs.readFileSync(demoFilePath(name));
