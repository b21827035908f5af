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

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The lines of a UTF-8 text file (terminated by {@code \n}, {@code \r\n} or {@code \r}, as
 * {@link java.io.BufferedReader#readLine}). Each line is decoded on its own, so bytes that are
 * not UTF-8 (a binary file, Latin-1 text) are refused with a {@link DataFormatException} naming
 * the file and the exact line, instead of the decoder's bare {@link CharacterCodingException}.
 */
final class TextLines implements Closeable {
    private final Path file;
    private final InputStream in;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private byte[] buf = new byte[256];
    private long lines;
    private boolean afterCr;

    TextLines(Path file) throws IOException {
        this.file = file;
        this.in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    }

    /** The next line without its terminator, or null at the end of the file. */
    String readLine() throws IOException {
        int n = 0;
        boolean ascii = true;
        int b;
        while ((b = in.read()) >= 0) {
            if (afterCr) {
                afterCr = false;
                if (b == '\n') {
                    continue; // the \n of a \r\n
                }
            }
            if (b == '\n') {
                return line(n, ascii);
            }
            if (b == '\r') {
                afterCr = true;
                return line(n, ascii);
            }
            if (n == buf.length) {
                if (n >= Integer.MAX_VALUE / 2 - 16) {
                    throw DataFormatException.at(file, lines + 1, 0, "the line is longer than " + n + " bytes");
                }
                buf = Arrays.copyOf(buf, 2 * n);
            }
            buf[n++] = (byte) b;
            ascii &= b < 0x80;
        }
        afterCr = false;
        return n == 0 ? null : line(n, ascii);
    }

    private String line(int n, boolean ascii) throws DataFormatException {
        lines++;
        if (ascii) {
            return new String(buf, 0, n, StandardCharsets.ISO_8859_1);
        }
        try {
            return decoder.reset().decode(ByteBuffer.wrap(buf, 0, n)).toString();
        } catch (CharacterCodingException e) {
            throw DataFormatException.at(file, lines, 0, "the bytes are not UTF-8 text (is it a binary file, or "
                    + "text in another encoding? save it as UTF-8)");
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
