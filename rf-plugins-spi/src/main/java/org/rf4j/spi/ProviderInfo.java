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
package org.rf4j.spi;

import org.apiguardian.api.API;

/**
 * A discovered provider with where it came from.
 *
 * @param provider the provider
 * @param origin   {@code built-in} (an org.rf4j module), {@code plugin} (the plugins directory) or
 *                 {@code external} (another JAR on the module or class path), or {@code programmatic}
 * @param location the JAR or folder it was loaded from, or "unknown"
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record ProviderInfo(MechanismProvider<?> provider, String origin, String location) {

    public MechanismKind<?> kind() {
        return provider.kind();
    }

    public String id() {
        return provider.id();
    }

    public String version() {
        return provider.version().orElse("unversioned");
    }
}
