package org.rf4j.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A file written atomically: all bytes go to a temporary file in the target's folder (same file
 * system, so the final rename is atomic), {@link #commit()} forces it to disk and moves it over
 * the target with {@link StandardCopyOption#ATOMIC_MOVE}. {@link #close()} without a commit
 * deletes the temporary file: a failed write leaves no partial output and keeps an existing
 * target as it was.
 */
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

    /** Starts writing {@code target}; its folder must exist. */
    public static AtomicFile open(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new DataFormatException("cannot write " + target + ": the folder " + dir + " does not exist");
        }
        if (Files.isDirectory(abs)) {
            throw new DataFormatException("cannot write " + target + ": it is a directory");
        }
        Path temp = createTemp(dir, abs.getFileName().toString());
        try {
            return new AtomicFile(abs, temp, FileChannel.open(temp, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
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
        channel.force(true);
        channel.close();
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        done = true;
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
        }
    }
}
