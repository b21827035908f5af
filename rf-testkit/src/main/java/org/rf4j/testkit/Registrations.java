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
package org.rf4j.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/** Reads registration files (module-info.class, META-INF/services) from a classes folder or a JAR. */
final class Registrations {
    private Registrations() {
    }

    /** The bytes of an entry of a folder or JAR, or null if it has none. */
    static byte[] read(Path location, String entry) throws IOException {
        if (Files.isDirectory(location)) {
            Path f = location.resolve(entry);
            return Files.isRegularFile(f) ? Files.readAllBytes(f) : null;
        }
        try (JarFile jar = new JarFile(location.toFile())) {
            ZipEntry e = jar.getEntry(entry);
            if (e == null) {
                return null;
            }
            try (InputStream in = jar.getInputStream(e)) {
                return in.readAllBytes();
            }
        }
    }
}
