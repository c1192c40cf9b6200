import { defineConfig } from 'drizzle-kit'

// Generate a migration after changing any *.table.ts (modules' and platform's): npx drizzle-kit generate --config apps/server/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './apps/server/src/modules/*/*.table.ts',
    './apps/server/src/modules/*/*/*.table.ts',
    './apps/server/src/platform/*/*.table.ts',
  ],
  out: './apps/server/drizzle',
})
