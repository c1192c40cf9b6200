import { Link } from 'react-router'
import { Card, PageHeader } from '../../../components/ui/card'
import { AudioUploader } from '../components/audio-uploader'

/** /audio-progress/upload: upload a recording and watch it being processed. */
export function AudioUploadPage() {
  return (
    <div>
      <PageHeader
        title="Upload audio"
        description="We check every file by its content, convert it and measure the voice in it."
      />
      <Card>
        <AudioUploader />
        <p className="mt-5 text-sm text-muted">
          <Link to="/audio-progress" className="text-accent hover:underline">
            See all your audio files
          </Link>
        </p>
      </Card>
    </div>
  )
}
