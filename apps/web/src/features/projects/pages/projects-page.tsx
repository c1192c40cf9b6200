import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { PageHeader } from '../../../components/ui/card'
import { ProjectsList } from '../components/projects-list'

/** /projects and /dashboard/my-projects: the user's projects, newest first, with search and paging. */
export function ProjectsPage() {
  const [creating, setCreating] = useState(false)
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Projects"
        description="Your videos: write a script scene by scene, place your avatar and captions, render."
        actions={<Button onClick={() => setCreating(true)}>New project</Button>}
      />
      <ProjectsList creating={creating} onCreatingChange={setCreating} />
    </div>
  )
}
