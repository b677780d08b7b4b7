// The server's entry. It turns on Node's compile cache before the server's modules load, so a later start reads the
// compiled code of the bundle and of the packages it loads from node_modules instead of compiling them again
// (NODE_COMPILE_CACHE names the folder; the default is node-compile-cache in the system's temp folder).
import module from 'node:module';

module.enableCompileCache?.();
await import('./server.js');
