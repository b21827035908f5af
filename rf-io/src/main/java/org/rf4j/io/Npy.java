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

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * The NumPy {@code .npy} format (format versions 1.0, 2.0 and 3.0): a magic string, a version,
 * a header length (2 bytes in 1.0, 4 bytes later), and a Python-literal header
 * {@code {'descr': '<f8', 'fortran_order': False, 'shape': (n, d), }} padded so the data starts
 * at a multiple of 64 bytes. Readable element types: float64, float32, signed and unsigned
 * integers of 1–8 bytes and bool, in either byte order; 1-D arrays read as one column.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Npy {
    static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([<>|=])([a-zA-Z])(\\d+)'");
    private static final Pattern ANY_DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern STRUCTURED = Pattern.compile("'descr'\\s*:\\s*\\[");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

    private Npy() {
    }

    /**
     * A parsed header.
     *
     * @param kind         'f' float, 'i' signed int, 'u' unsigned int, 'b' bool
     * @param size         bytes per element
     * @param order        byte order
     * @param fortranOrder column-major data
     * @param rows         rows (the length of a 1-D array)
     * @param cols         columns (1 for a 1-D array)
     * @param dataOffset   where the data starts
     */
    record Header(char kind, int size, ByteOrder order, boolean fortranOrder, long rows, int cols, long dataOffset) {
        double read(ByteBuffer b) {
            return switch (kind) {
                case 'f' -> size == 8 ? b.getDouble() : b.getFloat();
                case 'i' -> switch (size) {
                    case 1 -> b.get();
                    case 2 -> b.getShort();
                    case 4 -> b.getInt();
                    default -> b.getLong();
                };
                case 'u' -> switch (size) {
                    case 1 -> b.get() & 0xFF;
                    case 2 -> b.getShort() & 0xFFFF;
                    case 4 -> b.getInt() & 0xFFFFFFFFL;
                    default -> unsigned(b.getLong());
                };
                default -> b.get() != 0 ? 1 : 0;
            };
        }

        private static double unsigned(long v) {
            return v >= 0 ? v : (double) (v >>> 1) * 2.0 + (v & 1);
        }
    }

    /** Reads the header from a stream positioned at the file start. */
    static Header readHeader(InputStream in, Path file) throws IOException {
        byte[] pre = in.readNBytes(8);
        if (pre.length < 8) {
            throw new DataFormatException(file + ": not a .npy file (shorter than its 8-byte preamble)");
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (pre[i] != MAGIC[i]) {
                throw new DataFormatException(file + ": not a .npy file (the magic string \\x93NUMPY is missing)");
            }
        }
        int major = pre[6] & 0xFF;
        long headerLen;
        int lenBytes;
        if (major == 1) {
            byte[] l = in.readNBytes(2);
            if (l.length < 2) {
                throw new DataFormatException(file + ": truncated .npy header (the file ends inside its length field)");
            }
            headerLen = (l[0] & 0xFF) | (l[1] & 0xFF) << 8;
            lenBytes = 2;
        } else if (major == 2 || major == 3) {
            byte[] l = in.readNBytes(4);
            if (l.length < 4) {
                throw new DataFormatException(file + ": truncated .npy header (the file ends inside its length field)");
            }
            headerLen = ByteBuffer.wrap(l).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFFFFFFL;
            lenBytes = 4;
        } else {
            throw new DataFormatException(file + ": .npy format version " + major + "." + (pre[7] & 0xFF)
                    + " is not supported; supported: 1.0, 2.0, 3.0");
        }
        if (headerLen > 1 << 24) {
            throw new DataFormatException(file + ": .npy header length " + headerLen + " is implausible");
        }
        byte[] h = in.readNBytes((int) headerLen);
        if (h.length < headerLen) {
            throw new DataFormatException(file + ": truncated .npy header");
        }
        String text = new String(h, major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        String shown = text.strip().length() > 200 ? text.strip().substring(0, 200) + "..." : text.strip();
        Matcher md = DESCR.matcher(text);
        Matcher mf = FORTRAN.matcher(text);
        Matcher ms = SHAPE.matcher(text);
        if (!md.find()) {
            Matcher any = ANY_DESCR.matcher(text);
            if (any.find()) {
                String dt = any.group(1);
                throw new DataFormatException(file + ": .npy dtype '" + dt + "' is not supported"
                        + (dt.contains("O") ? " (Python objects: save a numeric array, e.g. a.astype(float))" : "")
                        + "; supported: float64, float32, int8-64, uint8-64, bool");
            }
            if (STRUCTURED.matcher(text).find()) {
                throw new DataFormatException(file + ": .npy header '" + shown
                        + "' has a structured dtype (a list of fields); supported: one numeric dtype");
            }
            throw new DataFormatException(file + ": .npy header '" + shown + "' lacks 'descr' (the dtype)");
        }
        if (!mf.find()) {
            throw new DataFormatException(file + ": .npy header '" + shown + "' lacks 'fortran_order'");
        }
        if (!ms.find()) {
            throw new DataFormatException(file + ": .npy header '" + shown + "' lacks 'shape'");
        }
        char kind = md.group(2).charAt(0);
        int size = md.group(3).length() > 2 ? -1 : Integer.parseInt(md.group(3));
        boolean ok = switch (kind) {
            case 'f' -> size == 4 || size == 8;
            case 'i', 'u' -> size == 1 || size == 2 || size == 4 || size == 8;
            case 'b' -> size == 1;
            default -> false;
        };
        if (!ok) {
            throw new DataFormatException(file + ": .npy dtype '" + md.group(1) + kind + size
                    + "' is not supported; supported: float64, float32, int8-64, uint8-64, bool");
        }
        ByteOrder order = switch (md.group(1).charAt(0)) {
            case '>' -> ByteOrder.BIG_ENDIAN;
            case '<', '|' -> ByteOrder.LITTLE_ENDIAN;
            default -> ByteOrder.nativeOrder();
        };
        String[] dims = ms.group(1).split(",");
        long[] shape = new long[dims.length];
        int nd = 0;
        for (String s : dims) {
            if (!s.isBlank()) {
                String v = s.strip();
                if (v.endsWith("L")) {
                    v = v.substring(0, v.length() - 1); // Python 2 long literal
                }
                try {
                    shape[nd++] = Long.parseLong(v);
                } catch (NumberFormatException e) {
                    throw new DataFormatException(file + ": .npy shape (" + ms.group(1).strip() + ") has '" + s.strip()
                            + "', which is not a dimension; dimensions are integers >= 0 below 2^63");
                }
                if (shape[nd - 1] < 0) {
                    throw new DataFormatException(file + ": .npy shape (" + ms.group(1).strip() + ") has the negative "
                            + "dimension " + shape[nd - 1] + "; dimensions are integers >= 0");
                }
            }
        }
        long rows;
        long cols;
        if (nd == 1) {
            rows = shape[0];
            cols = 1;
        } else if (nd == 2) {
            rows = shape[0];
            cols = shape[1];
        } else {
            throw new DataFormatException(file + ": .npy array has " + nd + " dimensions; 1 or 2 are supported");
        }
        if (cols < 1) {
            throw new DataFormatException(file + ": .npy array has " + cols + " columns; at least 1 is required");
        }
        if (cols > Integer.MAX_VALUE - 8) {
            throw new DataFormatException(file + ": .npy array has " + cols + " columns; at most "
                    + (Integer.MAX_VALUE - 8) + " are supported");
        }
        return new Header(kind, size, order, mf.group(1).equals("True"), rows, (int) cols,
                8 + lenBytes + headerLen);
    }

    /**
     * The header text for a float64 C-order array, padded so the data starts at a multiple of 64.
     *
     * @param rowsWidth digits reserved for the row count (so the header can be rewritten in place)
     */
    static byte[] header(long rows, int cols, int rowsWidth) {
        return header(rows, cols, rowsWidth, false);
    }

    /** The header of a float32 ({@code <f4}) or float64 ({@code <f8}) file. */
    static byte[] header(long rows, int cols, int rowsWidth, boolean float32) {
        String dict = dict(Long.toString(rows), cols, float32);
        int reserved = rowsWidth > 0 ? dict("9".repeat(rowsWidth), cols, float32).length() : 0;
        int base = Math.max(reserved, dict.length()) + 1; // + '\n'
        boolean v1 = 10 + base + 63 <= 0xFFFF;
        int pre = v1 ? 10 : 12;
        int total = ((pre + base + 63) / 64) * 64;
        String padded = dict + " ".repeat(total - pre - dict.length() - 1) + "\n";
        ByteBuffer b = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).put((byte) (v1 ? 1 : 2)).put((byte) 0);
        if (v1) {
            b.putShort((short) padded.length());
        } else {
            b.putInt(padded.length());
        }
        b.put(padded.getBytes(StandardCharsets.ISO_8859_1));
        return b.array();
    }

    private static String dict(String rows, int cols, boolean float32) {
        return "{'descr': '" + (float32 ? "<f4" : "<f8") + "', 'fortran_order': False, 'shape': (" + rows + ", " + cols + "), }";
    }

    /** Reads a whole .npy file. */
    public static Matrix read(Path file) throws IOException {
        return DataFiles.read(file, DataOptions.defaults()).x();
    }

    /** Writes a matrix as a float64 C-order .npy file, atomically. */
    public static void write(Path file, Matrix m) throws IOException {
        try (RowWriter w = new NpyRowWriter(file, m.cols())) {
            w.write(m);
            w.commit();
        }
    }
}
