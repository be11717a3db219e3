/**
 * The few WASI preview1 calls a one-shot command like Flite makes, served from memory: its arguments,
 * one preopened directory holding one writable file (the WAV it writes), stdout and stderr. We do not use
 * node:wasi because it is still experimental (a warning on every start) and would write the audio to
 * disk and read it back; nothing here touches the file system, the network or the environment.
 */

const ERRNO = { SUCCESS: 0, BADF: 8, INVAL: 28, NOENT: 44, SPIPE: 70 } as const;
const FILETYPE = { CHARACTER_DEVICE: 2, DIRECTORY: 3, REGULAR_FILE: 4 } as const;
const ALL_RIGHTS = 0xffff_ffff_ffff_ffffn;
const STDERR_KEEP = 2000;

/** The program called proc_exit: thrown to unwind out of `_start`. */
class ProcExit extends Error {
  readonly code: number;
  constructor(code: number) {
    super(`proc_exit(${code})`);
    this.code = code;
  }
}

/** A file that grows as it is written, with a position (so a writer may seek back to patch a header). */
class MemoryFile {
  private bytes = new Uint8Array(64 * 1024);
  size = 0;
  position = 0;

  write(chunk: Uint8Array) {
    const end = this.position + chunk.length;
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.max(end, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.size));
      this.bytes = grown;
    }
    this.bytes.set(chunk, this.position);
    this.position = end;
    this.size = Math.max(this.size, end);
  }

  contents(): Uint8Array {
    return this.bytes.slice(0, this.size);
  }
}

export interface CommandRun {
  exitCode: number;
  /** The output file, or null when the program never opened it. */
  output: Uint8Array | null;
  /** The start of what the program wrote to stderr (its error messages). */
  stderr: string;
}

/**
 * Runs a WASI command module once. `outputDir`/`outputName` is the only file it may open (to write);
 * pass `${outputDir}/${outputName}` among `args` where the program expects its output path.
 */
export function runCommand(module: WebAssembly.Module, args: string[], outputDir: string, outputName: string): CommandRun {
  const encoder = new TextEncoder();
  const argBytes = args.map((a) => encoder.encode(`${a}\0`));
  const dirName = encoder.encode(outputDir);
  const PREOPEN_FD = 3;
  let output: MemoryFile | null = null;
  let outputFd = -1;
  let stderr = '';
  let memory: WebAssembly.Memory | null = null;

  // The memory may grow during the run, so views are taken afresh for every call.
  const view = () => new DataView(memory!.buffer);
  const bytes = () => new Uint8Array(memory!.buffer);
  const readString = (ptr: number, len: number) => new TextDecoder().decode(bytes().subarray(ptr, ptr + len));

  const gatherIovecs = (iovs: number, count: number): Uint8Array[] => {
    const dv = view();
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < count; i++) {
      const ptr = dv.getUint32(iovs + i * 8, true);
      const len = dv.getUint32(iovs + i * 8 + 4, true);
      chunks.push(bytes().slice(ptr, ptr + len));
    }
    return chunks;
  };

  const imports = {
    args_sizes_get(argcPtr: number, bufSizePtr: number) {
      view().setUint32(argcPtr, argBytes.length, true);
      view().setUint32(bufSizePtr, argBytes.reduce((n, a) => n + a.length, 0), true);
      return ERRNO.SUCCESS;
    },
    args_get(argvPtr: number, bufPtr: number) {
      let at = bufPtr;
      argBytes.forEach((arg, i) => {
        view().setUint32(argvPtr + i * 4, at, true);
        bytes().set(arg, at);
        at += arg.length;
      });
      return ERRNO.SUCCESS;
    },
    clock_time_get(_id: number, _precision: bigint, timePtr: number) {
      view().setBigUint64(timePtr, BigInt(Date.now()) * 1_000_000n, true);
      return ERRNO.SUCCESS;
    },
    fd_prestat_get(fd: number, ptr: number) {
      if (fd !== PREOPEN_FD) return ERRNO.BADF;
      view().setUint8(ptr, 0); // a directory
      view().setUint32(ptr + 4, dirName.length, true);
      return ERRNO.SUCCESS;
    },
    fd_prestat_dir_name(fd: number, ptr: number, len: number) {
      if (fd !== PREOPEN_FD) return ERRNO.BADF;
      bytes().set(dirName.subarray(0, len), ptr);
      return ERRNO.SUCCESS;
    },
    fd_fdstat_get(fd: number, ptr: number) {
      const type = fd <= 2 ? FILETYPE.CHARACTER_DEVICE : fd === PREOPEN_FD ? FILETYPE.DIRECTORY : fd === outputFd ? FILETYPE.REGULAR_FILE : null;
      if (type === null) return ERRNO.BADF;
      const dv = view();
      dv.setUint8(ptr, type);
      dv.setUint16(ptr + 2, 0, true);
      dv.setBigUint64(ptr + 8, ALL_RIGHTS, true);
      dv.setBigUint64(ptr + 16, ALL_RIGHTS, true);
      return ERRNO.SUCCESS;
    },
    fd_fdstat_set_flags() {
      return ERRNO.SUCCESS;
    },
    path_open(dirFd: number, _dirFlags: number, pathPtr: number, pathLen: number, _oflags: number, _rb: bigint, _ri: bigint, _fdFlags: number, fdPtr: number) {
      if (dirFd !== PREOPEN_FD) return ERRNO.BADF;
      if (readString(pathPtr, pathLen) !== outputName || output) return ERRNO.NOENT;
      output = new MemoryFile();
      outputFd = PREOPEN_FD + 1;
      view().setUint32(fdPtr, outputFd, true);
      return ERRNO.SUCCESS;
    },
    fd_write(fd: number, iovs: number, count: number, writtenPtr: number) {
      const chunks = gatherIovecs(iovs, count);
      let written = 0;
      for (const chunk of chunks) {
        if (fd === outputFd && output) output.write(chunk);
        else if (fd === 2 && stderr.length < STDERR_KEEP) stderr += new TextDecoder().decode(chunk);
        else if (fd !== 1) return ERRNO.BADF;
        written += chunk.length;
      }
      view().setUint32(writtenPtr, written, true);
      return ERRNO.SUCCESS;
    },
    fd_read(fd: number, _iovs: number, _count: number, readPtr: number) {
      if (fd !== 0) return ERRNO.BADF;
      view().setUint32(readPtr, 0, true); // stdin is empty
      return ERRNO.SUCCESS;
    },
    fd_seek(fd: number, offset: bigint, whence: number, newOffsetPtr: number) {
      if (fd <= 2) return ERRNO.SPIPE;
      if (fd !== outputFd || !output) return ERRNO.BADF;
      const base = whence === 0 ? 0 : whence === 1 ? output.position : output.size;
      const next = base + Number(offset);
      if (next < 0) return ERRNO.INVAL;
      output.position = next;
      view().setBigUint64(newOffsetPtr, BigInt(next), true);
      return ERRNO.SUCCESS;
    },
    fd_close(fd: number) {
      if (fd === outputFd) outputFd = -1;
      return ERRNO.SUCCESS;
    },
    proc_exit(code: number): never {
      throw new ProcExit(code);
    },
  };

  const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: imports });
  memory = instance.exports.memory as WebAssembly.Memory;
  let exitCode = 0;
  try {
    (instance.exports._start as () => void)();
  } catch (error) {
    if (!(error instanceof ProcExit)) throw error;
    exitCode = error.code;
  }
  return { exitCode, output: (output as MemoryFile | null)?.contents() ?? null, stderr: stderr.trim() };
}
