import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { DESCRIPTION_MAX, DOCUMENT_MAX_BYTES, DOCUMENT_MAX_MB, FILE_TOO_LARGE_MESSAGE, TITLE_MAX } from '../../../../shared/documents.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { DOCUMENTS_KEY, UploadError, uploadDocument } from '../api.ts';

const formatBytes = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** Upload Document (spec doc 2 §2, §5): title required, optional description, one file; a real progress bar. */
export function UploadForm() {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      toast({ title: 'No file selected', description: 'Please select a file to upload.', variant: 'destructive' });
      return;
    }
    if (file.size > DOCUMENT_MAX_BYTES) {
      // The server would refuse it with the same words (413), but only after the whole file was sent.
      toast({ title: 'Upload failed', description: FILE_TOO_LARGE_MESSAGE, variant: 'destructive' });
      return;
    }
    if (!title.trim()) {
      toast({ title: 'Title required', description: 'Please provide a title for your document.', variant: 'destructive' });
      return;
    }
    setProgress({ sent: 0, total: file.size });
    try {
      await uploadDocument({ file, title: title.trim(), description }, (sent, total) => setProgress({ sent, total }));
      toast({ title: 'Document uploaded successfully' });
      setFile(null);
      setTitle('');
      setDescription('');
      if (fileInput.current) fileInput.current.value = '';
      await queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
    } catch (error) {
      toast({ title: 'Upload failed', description: error instanceof UploadError ? error.message : 'Upload failed', variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  return (
    <Card data-testid="upload-document-card">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Upload className="size-5" aria-hidden />
          Upload Document
        </CardTitle>
        <CardDescription>PDF, Word (.docx), plain text or Markdown, up to {DOCUMENT_MAX_MB} MB. Staff review each document before the assistant uses it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(e) => void submit(e)}>
          <div className="grid gap-2">
            <Label htmlFor="document-file">File</Label>
            <Input
              id="document-file"
              ref={fileInput}
              type="file"
              accept=".pdf,.doc,.docx,.txt,.md"
              disabled={uploading}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              data-testid="document-file"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="document-title">Title</Label>
            <Input id="document-title" value={title} maxLength={TITLE_MAX} disabled={uploading} onChange={(e) => setTitle(e.target.value)} placeholder="e.g. Operations Manual" data-testid="document-title" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="document-description">Description (optional)</Label>
            <Textarea id="document-description" value={description} maxLength={DESCRIPTION_MAX} disabled={uploading} onChange={(e) => setDescription(e.target.value)} rows={3} />
          </div>
          {progress && (
            <div className="grid gap-1" data-testid="upload-progress">
              <Progress value={progress.total ? (progress.sent / progress.total) * 100 : 0} aria-label="Upload progress" />
              <p className="text-xs text-muted-foreground">
                {formatBytes(progress.sent)} of {formatBytes(progress.total)} sent
              </p>
            </div>
          )}
          <Button type="submit" disabled={!file || !title.trim() || uploading} data-testid="upload-document">
            {uploading ? 'Uploading…' : 'Upload Document'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
