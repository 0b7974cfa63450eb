/** `npm run reset`: wipes the local cloud's users and posts (DATA_DIR, default .data). */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.DATA_DIR || '.data');
rmSync(dataDir, { recursive: true, force: true });
console.log(`Local data removed: ${dataDir}`);
