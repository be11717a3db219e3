import { Lock } from 'lucide-react';
import { BackLink } from '../../../components/back-link.tsx';
import { Link } from 'react-router';
import { canTestDocuments, canUseDocuments } from '../../../../shared/documents.ts';
import { isAdminOrDeveloper } from '../../../../shared/tiers.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTierAccess } from '../../auth/index.ts';
import { DocumentList } from '../components/document-list.tsx';
import { TestFunctionalityCard } from '../components/test-functionality-card.tsx';
import { UploadForm } from '../components/upload-form.tsx';

/** /documents (spec doc 2 §2): the business's own knowledge-base documents. */
export function DocumentsPage() {
  const { tierPair, isLoading } = useTierAccess();
  if (isLoading || !tierPair) {
    return (
      <div className="flex justify-center py-12" data-testid="documents-page">
        <Spinner />
      </div>
    );
  }
  if (!canUseDocuments(tierPair)) {
    return (
      <div className="mx-auto w-full max-w-lg px-4 py-12" data-testid="documents-page">
        <Card data-testid="documents-unavailable">
          <CardHeader className="items-center text-center">
            <Lock className="size-8 text-muted-foreground" aria-hidden />
            <CardTitle as="h1">Documents</CardTitle>
            <CardDescription>This feature is available on Team and Enterprise plans.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap justify-center gap-2">
            <Button asChild variant="outline">
              <Link to="/">Back to Home</Link>
            </Button>
            {isAdminOrDeveloper(tierPair) && (
              <Button asChild>
                <Link to="/pricing">View Team &amp; Enterprise Plans</Link>
              </Button>
            )}
          </CardContent>
        </Card>
      </div>
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6" data-testid="documents-page">
      <div className="grid gap-2">
        <BackLink to="/">Back to Home</BackLink>
        <h1 className="text-2xl font-semibold tracking-tight">Documents</h1>
        <p className="text-sm text-muted-foreground">Your manuals and procedures become your team's own knowledge base: once reviewed, the assistant answers your pilots from them and cites them.</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid gap-6">
          <UploadForm />
          {canTestDocuments(tierPair) && <TestFunctionalityCard />}
        </div>
        <DocumentList />
      </div>
    </div>
  );
}
