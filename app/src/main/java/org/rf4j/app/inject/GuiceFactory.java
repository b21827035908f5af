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
package org.rf4j.app.inject;

import com.google.inject.Injector;
import java.util.Objects;
import picocli.CommandLine;

/**
 * A picocli factory that lets Guice create rf4j's command classes (so they can {@code @Inject}
 * what they need) and leaves everything else (collections, converters) to picocli's default.
 */
public final class GuiceFactory implements CommandLine.IFactory {
    private final Injector injector;
    private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

    public GuiceFactory(Injector injector) {
        this.injector = Objects.requireNonNull(injector, "injector");
    }

    @Override
    public <K> K create(Class<K> cls) throws Exception {
        if (!cls.isInterface() && cls.getName().startsWith("org.rf4j.")) {
            return injector.getInstance(cls);
        }
        return fallback.create(cls);
    }
}
