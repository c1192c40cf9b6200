import type { Project } from '@mouthpiece/contracts/projects/projects.schemas'
import type { Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { TestApp } from '../../../../test/harness'
import type { Caller } from '../../renders/testing'
import { rendersClient } from '../../renders/testing'

export type ProjectAnswer = { project: Project }

/** A multipart/form-data body with text fields and one file, for app.inject. */
export function multipartForm(
  fields: Record<string, string | number>,
  file: { field: string; name: string; type: string; data: Buffer },
) {
  const boundary = `----mp${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A person driving projects through HTTP, as the editor does. */
export function projectsClient(t: TestApp) {
  const base = rendersClient(t)
  const create = async (who: Caller, body: object): Promise<Project> => {
    const res = await base.call('POST', '/api/create-project', who, body)
    if (res.statusCode !== 200) throw new Error(res.body)
    return res.json<ProjectAnswer>().project
  }
  const get = async (who: Caller, id: number): Promise<Project> =>
    (await base.call('GET', `/api/get-project/${id}`, who)).json<ProjectAnswer>().project
  /** Polls the project until a scene meets `check`. */
  async function waitScene(
    who: Caller,
    id: number,
    sceneId: string,
    check: (s: Scene) => boolean,
    ms = 60_000,
  ): Promise<Project> {
    const deadline = Date.now() + ms
    for (;;) {
      const project = await get(who, id)
      const scene = project.document.scenes.find((s) => s.id === sceneId)
      if (scene && check(scene)) return project
      if (Date.now() > deadline)
        throw new Error(`scene ${sceneId}: condition not met (${JSON.stringify(scene?.audioData.status)})`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  const upload = (
    who: Caller,
    url: string,
    fields: Record<string, string | number>,
    file: { name: string; type: string; data: Buffer },
  ) => {
    const form = multipartForm(fields, { field: 'file', ...file })
    return t.app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...form.headers, ...(who.token ? { authorization: `Bearer ${who.token}` } : {}) },
    })
  }
  return { ...base, create, get, waitScene, upload }
}
