/**
 * What the server makes while the user keeps editing (new audio takes, re-timed captions, scene
 * status) is merged into the local document: a scene whose text is still the text the server
 * spoke takes the server's audio; a scene edited since keeps its own (it is saved, and spoken, next).
 */
import type { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'

export function adoptServerAudio(draft: ProjectDocument, server: ProjectDocument): void {
  for (const scene of draft.scenes) {
    const theirs = server.scenes.find((s) => s.id === scene.id)
    if (!theirs || theirs.text !== scene.text) continue
    scene.audioData.generatedLinks = theirs.audioData.generatedLinks
    scene.audioData.audioFile = theirs.audioData.audioFile
    scene.audioData.content = theirs.audioData.content
    scene.audioData.status = theirs.audioData.status
    scene.avatarData.status = theirs.avatarData.status
    scene.captionData.captions = theirs.captionData.captions
  }
}
