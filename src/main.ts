// The server's entry point (`npm start`, `node dist/main.js`, `npm run dev`).
//
// Node loads and compiles a module's whole static import graph before any module of it runs, and
// that burst alone makes V8 grow its young generation to 8 MB. So the one static import here holds
// the young generation at its initial size (src/lib/start-up-heap.ts), and the server, with
// everything it imports, is loaded only after that, dynamically.
import './lib/start-up-heap.js';

await import('./server.js');
