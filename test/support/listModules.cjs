// Preloaded into a child process by a test: at exit, prints the modules it loaded.
process.on('exit', () => {
  process.stderr.write(`modules loaded: ${Object.keys(require.cache).join(' ')}\n`);
});
