/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.rf4j.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apiguardian.api.API;

/**
 * A file written atomically: all bytes go to a temporary file in the target's folder (same file
 * system, so the final rename is atomic), {@link #commit()} forces it to disk and moves it over
 * the target with {@link StandardCopyOption#ATOMIC_MOVE}. {@link #close()} without a commit
 * deletes the temporary file: a failed write leaves no partial output and keeps an existing
 * target as it was.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class AtomicFile implements Closeable {
    private static final AtomicLong COUNTER = new AtomicLong(System.nanoTime() & 0xFFFFFF);

    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private boolean done;

    private AtomicFile(Path target, Path temp, FileChannel channel) {
        this.target = target;
        this.temp = temp;
        this.channel = channel;
    }

    /**
     * Starts writing {@code target}; its folder must exist, and it must not be a file the run
     * reads ({@link InputFiles}). Stale temporary files that dead processes left beside the
     * target (killed with {@code kill -9}, or power loss) are deleted first.
     */
    public static AtomicFile open(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new DataFormatException("cannot write " + target + ": " + whyNoFolder(dir));
        }
        if (Files.isDirectory(abs)) {
            throw new DataFormatException("cannot write " + target + ": it is a directory");
        }
        InputFiles.requireNotAnInput(null, abs);
        String name = abs.getFileName().toString();
        sweepStale(dir, name);
        Path temp;
        try {
            temp = createTemp(dir, name);
        } catch (IOException e) {
            throw failure(target, e);
        }
        try {
            AtomicFile f = new AtomicFile(abs, temp, FileChannel.open(temp, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING));
            InFlight.add(temp);
            return f;
        } catch (IOException e) {
            deleteQuietly(temp);
            throw failure(target, e);
        } catch (RuntimeException e) {
            deleteQuietly(temp);
            throw e;
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException | SecurityException e) {
            // nothing more can be done; the next write of the same output sweeps it
        }
    }

    /**
     * A failure to create, write or move the temporary file, reported against the output the user
     * named with a plain reason ("the folder … is read-only", "the file is immutable", "no space
     * left on the device"), never the hidden temporary name or a Java class name.
     */
    public OutputFileException failure(IOException e) {
        return failure(target, e);
    }

    /** {@link #failure(IOException)} for an output that has no temporary file yet. */
    public static OutputFileException failure(Path target, IOException e) {
        return new OutputFileException("cannot write " + target + ": " + reason(target, e), e);
    }

    /** The plain reason of an I/O failure writing {@code target}. */
    static String reason(Path target, IOException e) {
        String os = e instanceof java.nio.file.FileSystemException f ? f.getReason() : e.getMessage();
        String r = os == null ? "" : os.toLowerCase(java.util.Locale.ROOT);
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        if (r.contains("no space left")) {
            return "no space left on the device";
        }
        if (r.contains("quota")) {
            return "the disk quota is exceeded";
        }
        if (r.contains("read-only file system")) {
            return "the file system is read-only";
        }
        if (r.contains("file too large")) {
            return "the file is too large for the file system";
        }
        if (e instanceof java.nio.file.AccessDeniedException || r.contains("permission denied")
                || r.contains("operation not permitted")) {
            if (Files.exists(abs) && !Files.isSymbolicLink(abs) && r.contains("operation not permitted")) {
                return "the file is immutable or protected, so it cannot be replaced";
            }
            if (dir != null && !Files.isWritable(dir)) {
                return "the folder " + dir + " is read-only (no permission to create files in it)";
            }
            if (Files.exists(abs)) {
                return "the file is immutable or protected, so it cannot be replaced";
            }
            return "permission denied in the folder " + dir;
        }
        if (e instanceof java.nio.file.NoSuchFileException || r.contains("no such file")) {
            return "the folder " + dir + " does not accept new files";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "a temporary file beside it could not be created (too many attempts)";
        }
        return os == null || os.isBlank() ? "an input/output error" : os;
    }

    /** Why {@code dir} cannot hold the output: the first ancestor that is missing or not a folder. */
    private static String whyNoFolder(Path dir) {
        if (dir == null) {
            return "it has no parent folder";
        }
        Path missing = dir;
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                if (!Files.isDirectory(p)) {
                    return p + " is a regular file, not a folder";
                }
                break;
            }
            missing = p;
        }
        return "the folder " + missing + " does not exist" + (missing.equals(dir) ? "" : " (nor " + dir + ")");
    }

    /**
     * Deletes {@code .NAME.PID.N.tmp} files in {@code dir} whose process {@code PID} is no
     * longer alive. A temp file of a live process (another run writing the same output) is
     * kept; a file that cannot be deleted is left for the next run.
     */
    static int sweepStale(Path dir, String name) {
        String prefix = "." + name + ".";
        long self = ProcessHandle.current().pid();
        int swept = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, p -> {
            String n = p.getFileName().toString();
            return n.startsWith(prefix) && n.endsWith(".tmp");
        })) {
            for (Path p : ds) {
                String rest = p.getFileName().toString();
                rest = rest.substring(prefix.length(), rest.length() - ".tmp".length());
                int dot = rest.indexOf('.');
                if (dot <= 0) {
                    continue;
                }
                long pid;
                try {
                    pid = Long.parseLong(rest.substring(0, dot));
                    Long.parseLong(rest.substring(dot + 1));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (pid == self || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                try {
                    if (Files.deleteIfExists(p)) {
                        swept++;
                    }
                } catch (IOException e) {
                    // left for a later run
                }
            }
        } catch (IOException | SecurityException e) {
            // an unreadable folder: the write itself reports the problem
        }
        return swept;
    }

    /**
     * Creates the temporary file with {@link Files#createFile}, so it gets the default permissions
     * (as the final file would; {@code Files.createTempFile} would make it owner-only).
     */
    private static Path createTemp(Path dir, String name) throws IOException {
        long pid = ProcessHandle.current().pid();
        for (int attempt = 0;; attempt++) {
            Path p = dir.resolve("." + name + "." + pid + "." + COUNTER.incrementAndGet() + ".tmp");
            try {
                return Files.createFile(p);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }

    /** The channel to write to (positioned at 0; callers may seek, e.g. to rewrite a header). */
    public FileChannel channel() {
        return channel;
    }

    /** The file that will be replaced on commit. */
    public Path target() {
        return target;
    }

    /** The temporary file being written. */
    public Path temporaryFile() {
        return temp;
    }

    /** Forces the data to disk and moves the temporary file over the target. */
    public void commit() throws IOException {
        if (done) {
            throw new IllegalStateException("already committed or closed");
        }
        InputFiles.requireNotAnInput(null, target);
        try {
            channel.force(true);
            channel.close();
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw failure(e);
        }
        done = true;
        InFlight.remove(temp);
    }

    /** Discards the temporary file unless committed. */
    @Override
    public void close() throws IOException {
        if (done) {
            return;
        }
        done = true;
        try {
            channel.close();
        } finally {
            Files.deleteIfExists(temp);
            InFlight.remove(temp);
        }
    }

    /**
     * The temporary files being written now; a shutdown hook (run on SIGTERM, SIGINT/Ctrl-C and
     * {@code System.exit}) deletes them, so an interrupted run leaves nothing behind. A
     * {@code kill -9} runs no hook: {@link #sweepStale} removes such files on the next write of
     * the same output.
     */
    private static final class InFlight {
        private static final Set<Path> FILES = ConcurrentHashMap.newKeySet();

        static {
            Thread hook = new Thread(InFlight::deleteAll, "rf4j-temp-file-cleanup");
            try {
                Runtime.getRuntime().addShutdownHook(hook);
            } catch (IllegalStateException e) {
                // already shutting down: nothing to register for
            }
        }

        private InFlight() {
        }

        static void add(Path p) {
            FILES.add(p);
        }

        static void remove(Path p) {
            FILES.remove(p);
        }

        static void deleteAll() {
            for (Path p : FILES) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException | RuntimeException e) {
                    // best effort at exit
                }
            }
        }
    }
}
