import { useQueryClient } from '@tanstack/react-query';
import { BackLink } from '../../../components/back-link.tsx';
import { Download, Pencil, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { BulkResult, FlightLog } from '../../../../shared/flight-logs/contract.ts';
import { BULK_IDS_MAX, bulkDeleteConfirm, bulkEditDone, exportFileName, FLIGHT_LOG_MESSAGES, IMPORT_ACCEPT } from '../../../../shared/flight-logs/constants.ts';
import { canExportCsv, canImportCsv, CSV_EXPORT_UPGRADE_TIP, CSV_IMPORT_UPGRADE_TIP } from '../../../../shared/flight-logs/policy.ts';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useTierAccess } from '../../auth/index.ts';
import { usePaymentsConfigured } from '../../billing/index.ts';
import { DRONES_KEY, useDrones } from '../../drones/public-data.ts';
import { bulkDeleteFlightLogs, bulkPatchFlightLogs, deleteFlightLog, downloadExport, fetchAllFlightLogIds, LOGBOOK_KEYS } from '../api.ts';
import { ClarifyDialog } from '../components/clarify-dialog.tsx';
import { FlightHistory } from '../components/flight-history.tsx';
import { HoursChart } from '../components/hours-chart.tsx';
import { ProgressOverlay } from '../components/progress-overlay.tsx';
import { StatCards } from '../components/stat-cards.tsx';
import { useCsvImport } from '../hooks/use-csv-import.ts';
import { useFlightLogs, useFlightStats, useTotalHours } from '../hooks/use-logbook.ts';

// The add/edit form (with the contract's schema) and the bulk edit form download on first opening (ADR 0066).
const FlightLogFormDialog = lazyDialog(() => import('../components/flight-log-form-dialog.tsx').then((m) => m.FlightLogFormDialog));
const BulkEditDialog = lazyDialog(() => import('../components/bulk-edit-dialog.tsx').then((m) => m.BulkEditDialog));

type Bulk = { title: string; done: number; total: number } | null;
type Confirm = { kind: 'one'; log: FlightLog } | { kind: 'many' } | null;

/** /logbook (doc 2 §2): totals, Flight History with bulk actions, add/edit, CSV import and export, hours chart. */
export function LogbookPage() {
  const queryClient = useQueryClient();
  const drones = useDrones();
  const logs = useFlightLogs();
  const total = useTotalHours();
  const stats = useFlightStats();
  const { tierInfo, isLoading: tierLoading } = useTierAccess();
  const csv = useCsvImport();
  const fileInput = useRef<HTMLInputElement>(null);

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<FlightLog | null>(null);
  const [bulkEditOpen, setBulkEditOpen] = useState(false);
  const [bulk, setBulk] = useState<Bulk>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [exporting, setExporting] = useState(false);
  const [selectingAll, setSelectingAll] = useState(false);

  const list = logs.data?.pages.flatMap((p) => p.flightLogs) ?? [];
  const totalFlights = total.data?.totalFlights;
  const tier = tierInfo?.tier ?? null;
  // Import: allowed tiers, and when the tier is unknown (doc 2 §6); export: any tier but basic, once loaded.
  const importAllowed = tier === null ? !tierLoading : canImportCsv(tier);
  const exportAllowed = tier !== null && canExportCsv(tier);
  const paymentsOn = usePaymentsConfigured();
  const selectedIds = [...selected];

  /** Select all is every flight of the user, fetched as ids from the server, not the pages on screen. */
  const selectAll = async () => {
    setSelectingAll(true);
    try {
      setSelected(new Set(await fetchAllFlightLogIds()));
    } catch {
      toast({ title: 'Select All Failed', description: 'Could not load your flights. Please try again.', variant: 'destructive' });
    } finally {
      setSelectingAll(false);
    }
  };

  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: LOGBOOK_KEYS.all }), queryClient.invalidateQueries({ queryKey: DRONES_KEY })]);

  /**
   * A bulk edit or delete: the selection goes to the server in chunks of BULK_IDS_MAX ids (ADR 0036),
   * one request each, so selecting all of a large logbook is a few requests; the overlay counts flights.
   */
  const runBulk = async (title: string, ids: number[], task: (chunk: number[]) => Promise<BulkResult>) => {
    setBulk({ title, done: 0, total: ids.length });
    let ok = 0;
    let sent = 0;
    for (let i = 0; i < ids.length; i += BULK_IDS_MAX) {
      const chunk = ids.slice(i, i + BULK_IDS_MAX);
      try {
        ok += (await task(chunk)).done;
      } catch {
        // The chunk failed as a whole: counted below as not done.
      }
      sent += chunk.length;
      setBulk({ title, done: sent, total: ids.length });
    }
    setBulk(null);
    setSelected(new Set());
    await refresh();
    return ok;
  };

  const bulkEdit = async (changes: Record<string, string>) => {
    setBulkEditOpen(false);
    const ids = selectedIds;
    const ok = await runBulk('Updating flights', ids, (chunk) => bulkPatchFlightLogs(chunk, changes));
    if (ok === ids.length) toast({ title: FLIGHT_LOG_MESSAGES.bulkEditDoneTitle, description: bulkEditDone(ok) });
    else toast({ title: FLIGHT_LOG_MESSAGES.bulkEditFailedTitle, description: ok > 0 ? `${FLIGHT_LOG_MESSAGES.bulkEditFailed} (${bulkEditDone(ok)})` : FLIGHT_LOG_MESSAGES.bulkEditFailed, variant: 'destructive' });
  };

  const confirmDelete = async () => {
    const target = confirm;
    setConfirm(null);
    if (!target) return;
    if (target.kind === 'one') {
      try {
        await deleteFlightLog(target.log.id);
        await refresh();
        toast({ title: 'Flight Deleted', description: 'The flight log has been removed.' });
      } catch (error) {
        toast({ title: FLIGHT_LOG_MESSAGES.bulkDeleteFailedTitle, description: error instanceof ApiError ? error.serverMessage : 'Failed to delete flight log', variant: 'destructive' });
      }
      return;
    }
    const ids = selectedIds;
    const ok = await runBulk('Deleting flights', ids, (chunk) => bulkDeleteFlightLogs(chunk));
    if (ok === ids.length) toast({ title: FLIGHT_LOG_MESSAGES.bulkDeleteDoneTitle, description: `Deleted ${ok} flight logs` });
    else toast({ title: FLIGHT_LOG_MESSAGES.bulkDeleteFailedTitle, description: FLIGHT_LOG_MESSAGES.bulkDeleteFailed, variant: 'destructive' });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await downloadExport();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = exportFileName();
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast({ title: FLIGHT_LOG_MESSAGES.exportDoneTitle, description: FLIGHT_LOG_MESSAGES.exportDone });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toast({ title: FLIGHT_LOG_MESSAGES.exportAuthTitle, description: FLIGHT_LOG_MESSAGES.exportAuth, variant: 'destructive' });
      else toast({ title: FLIGHT_LOG_MESSAGES.exportFailedTitle, description: FLIGHT_LOG_MESSAGES.exportFailed, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const noDrones = drones.data !== undefined && drones.data.length === 0;

  return (
    <div className="mx-auto grid w-full max-w-5xl min-w-0 gap-6 px-4 py-6 sm:px-6" data-testid="logbook-page">
      <div className="grid gap-2">
        <BackLink to="/">Back to Home</BackLink>
        <h1 className="text-2xl font-semibold tracking-tight">Flight Logbook</h1>
        {noDrones && (
          <p className="text-sm text-muted-foreground" data-testid="no-drones-link">
            You have no drones yet. Register one in{' '}
            <Link to="/drones" className="font-medium text-primary underline-offset-4 hover:underline">
              My Drones
            </Link>{' '}
            before logging flights.
          </p>
        )}
      </div>

      <StatCards totalHours={total.data?.totalHours} totalFlights={totalFlights} drones={drones.data?.length} />

      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
          data-testid="add-flight-log"
        >
          <Plus aria-hidden />
          Add Flight Log
        </Button>
        <span title={importAllowed ? undefined : CSV_IMPORT_UPGRADE_TIP}>
          <Button variant="outline" disabled={!importAllowed || csv.running} onClick={() => fileInput.current?.click()} aria-describedby={importAllowed ? undefined : 'import-tip'} data-testid="import-csv">
            <Sparkles aria-hidden />
            AI Import CSV
          </Button>
        </span>
        <input
          ref={fileInput}
          type="file"
          accept={IMPORT_ACCEPT}
          className="hidden"
          data-testid="import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void csv.start(file);
          }}
        />
        <span title={exportAllowed ? undefined : CSV_EXPORT_UPGRADE_TIP}>
          <Button variant="outline" disabled={!exportAllowed || !totalFlights || exporting} onClick={() => void exportCsv()} data-testid="export-csv">
            <Download aria-hidden />
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        </span>
      </div>
      {!importAllowed && (
        <p id="import-tip" className="-mt-4 text-xs text-muted-foreground" data-testid="import-tip">
          {CSV_IMPORT_UPGRADE_TIP}
          {/* With payments on, the way forward is the plans (ADR 0040); without, the tip names the plans that include it. */}
          {paymentsOn && (
            <>
              {' '}
              <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline" data-testid="import-see-plans">
                See plans
              </Link>
            </>
          )}
        </p>
      )}
      {tier !== null && !exportAllowed && <p className="-mt-4 text-xs text-muted-foreground">{CSV_EXPORT_UPGRADE_TIP}</p>}

      {stats.data && <HoursChart stats={stats.data} />}

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="text-lg">
            Flight History
          </CardTitle>
          {selectedIds.length > 0 && (
            <div className="flex flex-wrap items-center gap-2" data-testid="bulk-actions">
              <span className="text-sm text-muted-foreground">{selectedIds.length} selected</span>
              <Button size="sm" variant="outline" onClick={() => setBulkEditOpen(true)} data-testid="bulk-edit">
                <Pencil aria-hidden />
                Bulk Edit
              </Button>
              <Button size="sm" variant="destructive" onClick={() => setConfirm({ kind: 'many' })} data-testid="bulk-delete">
                <Trash2 aria-hidden />
                Delete Selected
              </Button>
            </div>
          )}
        </CardHeader>
        <CardContent>
          {logs.isLoading ? (
            <div className="flex justify-center p-6">
              <Spinner label="Loading flights" />
            </div>
          ) : logs.isError ? (
            <p className="text-sm text-destructive" role="alert">
              Could not load your flights. Please try again.
            </p>
          ) : list.length === 0 ? (
            <p className="p-4 text-center text-sm text-muted-foreground" data-testid="no-flights">
              No flights logged yet. Add a flight or import a CSV file.
            </p>
          ) : (
            <FlightHistory
              logs={list}
              totalFlights={totalFlights ?? list.length}
              selected={selected}
              onSelect={setSelected}
              onSelectAll={() => void selectAll()}
              selectingAll={selectingAll}
              hasMore={logs.hasNextPage}
              loadingMore={logs.isFetchingNextPage}
              onLoadMore={() => void logs.fetchNextPage()}
              onEdit={(log) => {
                setEditing(log);
                setFormOpen(true);
              }}
              onDelete={(log) => setConfirm({ kind: 'one', log })}
            />
          )}
        </CardContent>
      </Card>

      <FlightLogFormDialog open={formOpen} log={editing} drones={drones.data ?? []} dronesLoading={drones.isLoading} onClose={() => setFormOpen(false)} />
      <BulkEditDialog open={bulkEditOpen} count={selectedIds.length} onClose={() => setBulkEditOpen(false)} onApply={(changes) => void bulkEdit(changes)} />
      <ClarifyDialog question={csv.question} onAnswer={(a) => void csv.answer(a)} onCancel={csv.cancel} />

      <Dialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        <DialogContent data-testid="delete-confirm">
          <DialogHeader>
            <DialogTitle>{confirm?.kind === 'many' ? 'Delete Flights' : 'Delete Flight Log'}</DialogTitle>
            <DialogDescription>{confirm?.kind === 'many' ? bulkDeleteConfirm(selectedIds.length) : FLIGHT_LOG_MESSAGES.deleteConfirm}</DialogDescription>
          </DialogHeader>
          <DialogFooter className="gap-2">
            <Button variant="outline" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => void confirmDelete()} data-testid="confirm-delete">
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      {bulk && <ProgressOverlay title={bulk.title} step={`${bulk.done} of ${bulk.total} done`} value={(bulk.done / Math.max(1, bulk.total)) * 100} />}
      {csv.running && !csv.question && <ProgressOverlay title="AI Import CSV" step={csv.stepLabel} value={csv.progress} />}
    </div>
  );
}
