import { expect, test } from '@playwright/test'
import { adminSignIn } from './support'

// An admin imports an emotion table for a creator's voice from its voice page: the picker takes
// .csv only; a picture gets the spec's message and nothing changes; a good CSV gives the creator a
// voice of its own with the table, shown on the page.
test('admin imports a creator’s emotions from CSV; a non-CSV file is refused with the spec’s message', async ({
  page,
}) => {
  await adminSignIn(page)
  await page.goto('/admin/creator-management/list/gamer/voice')
  await expect(page.getByRole('tab', { name: 'Voice' })).toHaveAttribute('aria-selected', 'true')
  const picker = page.getByLabel('Emotion CSV for Max')
  await expect(picker).toHaveAttribute('accept', '.csv,text/csv')
  await expect(page.getByText('No table imported')).toBeVisible()

  await picker.setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
  })
  await expect(page.getByText('Please upload .csv voice file!')).toBeVisible()
  await expect(page.getByText('No table imported')).toBeVisible()

  await picker.setInputFiles({
    name: 'max.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('emotion,rate,pitch,range,volume\nHappy,1.2,3,1.5,1\nBored,1,0,1,1\nSad,9,0,1,1\n'),
  })
  await expect(page.getByText('Line 3: unknown emotion “Bored”', { exact: false }).first()).toBeVisible()
  await expect(page.getByRole('list', { name: 'More lines to fix' })).toContainText('Line 4: rate 0.5–2')

  await picker.setInputFiles({
    name: 'max.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('emotion,rate,pitch,range,volume\nHappy,1.2,3,1.5,1.1\nSad,0.7,-4,0.4,0.7\n'),
  })
  await expect(page.getByText('Import voice successfully!')).toBeVisible()
  const table = page.getByTestId('creator-emotions')
  await expect(table).toContainText('Sad')
  await expect(table.getByRole('row')).toHaveCount(3)
  await expect(page.getByTestId('creator-voice-profile')).toContainText("Max's voice")
  await expect(page.getByRole('button', { name: 'Import emotions (2)' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('creator-emotions.png'), fullPage: true })

  // The avatar tab shows the AI avatar's state and previews.
  await page.getByRole('tab', { name: 'Avatar' }).click()
  await expect(page.getByText('0 pictures, 0 with a face')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Still' })).toBeVisible()
})
