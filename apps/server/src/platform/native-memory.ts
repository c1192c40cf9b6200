/**
 * Allocator settings for the native canvas library, set before anything loads it (main.ts imports
 * this first; worker threads share the process environment).
 *
 * `@napi-rs/canvas` allocates with its own mimalloc, which reads its options from the environment
 * when the library loads. Every avatar frame read back from the canvas is a fresh ~750 KB buffer that
 * V8 frees only at its next collection; mimalloc's default then hands the pages back to the kernel
 * after 10 ms, so the next read-backs fault them in again (on this VM, zeroing 2 MB huge pages).
 * Held for a second, freed pages are reused within a render and still go back soon after it.
 * See docs/decisions/0035-mimalloc-purge-delay.md.
 */
process.env.MIMALLOC_PURGE_DELAY ??= '1000'
