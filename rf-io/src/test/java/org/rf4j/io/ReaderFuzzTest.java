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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.rf4j.api.RfException;

/**
 * Fuzzing the CSV, ARFF and {@code .npy} readers (jqwik properties with fixed seeds, so CI runs the
 * same inputs every time; bounded by {@code tries}): whatever the bytes, a reader either returns
 * rows — all finite, with the announced dimension — or throws a domain exception
 * ({@link RfException}) with a one-line message naming the file. Anything else (an
 * {@code ArrayIndexOutOfBoundsException}, a {@code NumberFormatException}, an {@code EOFException},
 * an {@code OutOfMemoryError}) is a crash: the CLI would report it as an internal error. Inputs
 * that crashed once are kept below as {@link Example}s.
 */
class ReaderFuzzTest {
    private static final Path DIR;
    private static final AtomicLong COUNTER = new AtomicLong();
    static final AtomicLong INPUTS = new AtomicLong();

    static {
        try {
            DIR = Files.createTempDirectory("rf4j-fuzz");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterContainer
    static void cleanUp() throws IOException {
        try (var s = Files.list(DIR)) {
            for (Path p : s.toList()) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(DIR);
    }

    private static Path write(String ext, byte[] bytes) throws IOException {
        Path p = DIR.resolve("f" + COUNTER.incrementAndGet() + "." + ext);
        Files.write(p, bytes);
        return p;
    }

    /** Reads the file; only rows or an RfException naming the file are acceptable outcomes. */
    private static void readOrRefuse(Path p, DataOptions options) throws IOException {
        INPUTS.incrementAndGet();
        try {
            Dataset d = DataFiles.read(p, options);
            assertThat(d.x().cols()).isEqualTo(d.columns().size()).isPositive();
            for (double v : d.x().data()) {
                assertThat(Double.isFinite(v)).as("finite entries").isTrue();
            }
            if (d.labels() != null) {
                assertThat(d.labels()).hasSize(d.x().rows());
            }
        } catch (RfException e) {
            assertThat(e.getMessage()).isNotBlank().contains(p.getFileName().toString());
        } finally {
            Files.deleteIfExists(p);
        }
    }

    // ---------------------------------------------------------------- CSV

    @Provide
    Arbitrary<String> csvText() {
        Arbitrary<String> field = Arbitraries.oneOf(
                Arbitraries.of("1", "-2.5", "3e4", "1e309", "-1e-320", "NaN", "inf", "Infinity", "0x1p3", "", " ", "\"",
                        "\"a,b\"", "\"\"", "abc", "yes", "no", "#", "\uFEFF1", "1_000", "+7", ".5", "5.", "1,5", "?"),
                Arbitraries.doubles().map(String::valueOf),
                Arbitraries.strings().withChars("0123456789.,-+eE \t\"#;abNI\r").ofMaxLength(8));
        Arbitrary<String> line = field.list().ofMinSize(0).ofMaxSize(6)
                .flatMap(fs -> Arbitraries.of(",", ";", "\t").map(sep -> String.join(sep, fs)));
        return line.list().ofMaxSize(12).flatMap(ls -> Arbitraries.of("\n", "\r\n", "\r").map(nl -> String.join(nl, ls)));
    }

    @Property(tries = 800, seed = "15")
    void csvReaderReturnsRowsOrRefuses(@ForAll("csvText") String text, @ForAll("labels") String label)
            throws IOException {
        readOrRefuse(write("csv", text.getBytes(StandardCharsets.UTF_8)), DataOptions.defaults().withLabel(label));
    }

    @Provide
    Arbitrary<String> labels() {
        return Arbitraries.of(null, "-1", "0", "1", "a", "label", "99", "-7");
    }

    // ---------------------------------------------------------------- ARFF

    @Provide
    Arbitrary<String> arffText() {
        Arbitrary<String> line = Arbitraries.oneOf(
                Arbitraries.of("@relation r", "@RELATION 'a b'", "@attribute a numeric", "@attribute b real",
                        "@attribute 'c d' integer", "@attribute cls {x,y,z}", "@attribute cls {}", "@attribute s string",
                        "@attribute t date", "@attribute", "@attribute e {x,", "@data", "@DATA", "% comment", "",
                        "1,2,3,x", "1,2,3", "?,2,3,y", "{0 1, 3 y}", "{1 2}", "{5 1}", "{0}", "1,2,3,x,{2}", "'q,1,2,x",
                        "1e999,2,3,x", "NaN,1,2,x", "1,2,3,w"),
                Arbitraries.strings().withChars("@{}',% abcdefrlntu0123456789.-?\t").ofMaxLength(20));
        return line.list().ofMaxSize(12).map(ls -> String.join("\n", ls));
    }

    @Provide
    Arbitrary<String> wellFormedArffWithOneMutation() {
        String base = "@relation r\n@attribute a numeric\n@attribute b real\n@attribute cls {x,y}\n@data\n1,2,x\n"
                + "{0 3, 2 y}\n% c\n4,5,y\n";
        return Combinators.combine(Arbitraries.integers().between(0, base.length()),
                Arbitraries.integers().between(0, 3),
                Arbitraries.strings().withChars("@{}',%\n ?xy019.-").ofMaxLength(3)).as((pos, len, ins) -> {
                    int end = Math.min(base.length(), pos + len);
                    return base.substring(0, pos) + ins + base.substring(end);
                });
    }

    @Property(tries = 600, seed = "15")
    void arffReaderReturnsRowsOrRefuses(@ForAll("arffText") String text, @ForAll("labels") String label)
            throws IOException {
        readOrRefuse(write("arff", text.getBytes(StandardCharsets.UTF_8)), DataOptions.defaults().withLabel(label));
    }

    @Property(tries = 600, seed = "15")
    void mutatedArffReturnsRowsOrRefuses(@ForAll("wellFormedArffWithOneMutation") String text) throws IOException {
        readOrRefuse(write("arff", text.getBytes(StandardCharsets.UTF_8)), DataOptions.defaults());
    }

    // ---------------------------------------------------------------- .npy

    /** A well-formed .npy file of a random dtype and shape, then one random mutation. */
    @Provide
    Arbitrary<byte[]> npyBytes() {
        Arbitrary<String> descr = Arbitraries.of("<f8", ">f8", "<f4", "<i4", ">i2", "|u1", "|b1", "<u8", "<i8", "|O",
                "<c16", "<f2", "<U3", "|V8", "<f8'", "f8", "<f99999999999");
        Arbitrary<String> shape = Arbitraries.of("(3, 2)", "(3,)", "(0, 2)", "(2, 0)", "(-1, 2)", "(2, -5)",
                "(4000000000, 2)", "(2, 4000000000)", "(9223372036854775807, 9223372036854775807)", "()", "(1, 2, 3)",
                "(3L, 2L)", "(x, 2)", "(3, 2", "(99999999999999999999,)", "(1,1)");
        Arbitrary<String> fortran = Arbitraries.of("False", "True", "false", "0");
        Arbitrary<byte[]> wellFormed = Combinators.combine(descr, shape, fortran, Arbitraries.integers().between(1, 3),
                Arbitraries.integers().between(0, 96)).as((d, s, f, major, dataBytes) -> {
                    String dict = "{'descr': '" + d + "', 'fortran_order': " + f + ", 'shape': " + s + ", }";
                    String h = dict + " ".repeat(Math.max(0, 118 - dict.length())) + "\n";
                    int pre = major == 1 ? 10 : 12;
                    ByteBuffer b = ByteBuffer.allocate(pre + h.length() + dataBytes).order(ByteOrder.LITTLE_ENDIAN);
                    b.put(Npy.MAGIC).put((byte) major.intValue()).put((byte) 0);
                    if (major == 1) {
                        b.putShort((short) h.length());
                    } else {
                        b.putInt(h.length());
                    }
                    b.put(h.getBytes(StandardCharsets.ISO_8859_1));
                    for (int i = 0; i < dataBytes; i++) {
                        b.put((byte) (i * 37 + 11));
                    }
                    return b.array();
                });
        return Combinators.combine(wellFormed, Arbitraries.integers().between(0, 4),
                Arbitraries.integers().between(0, 10_000), Arbitraries.bytes()).as((bytes, kind, where, value) -> {
                    if (bytes.length == 0) {
                        return bytes;
                    }
                    int at = where % bytes.length;
                    byte[] out = bytes.clone();
                    switch (kind) {
                        case 1 -> out[at] = value; // flip one byte (magic, version, length, header, data)
                        case 2 -> out = java.util.Arrays.copyOf(out, at); // truncate
                        case 3 -> out[Math.min(out.length - 1, 8 + where % 4)] = value; // the header length
                        case 4 -> out = java.util.Arrays.copyOf(out, out.length + where % 512); // zero padding
                        default -> {
                            // unchanged
                        }
                    }
                    return out;
                });
    }

    @Property(tries = 1500, seed = "15")
    void npyReaderReturnsRowsOrRefuses(@ForAll("npyBytes") byte[] bytes, @ForAll("labels") String label)
            throws IOException {
        readOrRefuse(write("npy", bytes), DataOptions.defaults().withLabel(label));
    }

    @Property(tries = 400, seed = "15")
    void arbitraryBytesInAnyFormatAreRowsOrRefused(@ForAll("anyBytes") byte[] bytes, @ForAll("extensions") String ext)
            throws IOException {
        readOrRefuse(write(ext, bytes), DataOptions.defaults());
    }

    @Provide
    Arbitrary<byte[]> anyBytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
    }

    @Provide
    Arbitrary<String> extensions() {
        return Arbitraries.of("csv", "tsv", "txt", "arff", "npy");
    }

    // ---------------------------------------------------------------- crashes found, kept

    /** A header that ends before its announced length was an EOFException (exit 1) before. */
    @Example
    void truncatedNpyHeaderLengthIsRefused() throws IOException {
        readOrRefuse(write("npy", new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 5}), DataOptions.defaults());
        readOrRefuse(write("npy", new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0, 5, 0}), DataOptions.defaults());
    }

    /** A byte that is not UTF-8 was a MalformedInputException (exit 1) before: found by the fuzzer. */
    @Example
    void nonUtf8TextIsRefusedWithItsLine() throws IOException {
        for (String ext : new String[] {"csv", "arff", "txt"}) {
            Path p = write(ext, new byte[] {(byte) 0xFF});
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> DataFiles.read(p, DataOptions.defaults()))
                    .isInstanceOf(DataFormatException.class).hasMessageContaining(", line 1: the bytes are not UTF-8");
            String text = ext.equals("arff") ? "@relation r\n@attribute a numeric\n@data\n\u00e9\n" : "a,b\n1,2\n3,\u00e9\n";
            Path q = write(ext, text.getBytes(StandardCharsets.ISO_8859_1));
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> DataFiles.read(q, DataOptions.defaults()))
                    .isInstanceOf(DataFormatException.class)
                    .hasMessageContaining(ext.equals("arff") ? ", line 4: the bytes" : ", line 3: the bytes");
        }
    }
}
