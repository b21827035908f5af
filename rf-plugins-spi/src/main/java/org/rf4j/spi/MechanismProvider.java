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

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A factory for one mechanism, identified by a unique id within its kind. Implementations need a
 * public no-argument constructor (or a public static {@code provider()} method) and are
 * registered in module-info ({@code provides}) and in {@code META-INF/services}.
 *
 * <p>Only {@link #id()}, {@link #kind()}, {@link #schema()} and {@link #create} are required; the
 * rest is metadata with defaults. {@link AbstractProvider} implements all of it from the kind, id,
 * description, parameters and a factory given once.
 *
 * @param <T> the mechanism interface created
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface MechanismProvider<T extends org.rf4j.api.mechanism.Mechanism> {

    /** The id used in config files, e.g. {@code orthogonal}. Unique within the kind; non-blank. */
    String id();

    /** The kind of mechanism created. */
    MechanismKind<T> kind();

    /** The parameters {@link #create} accepts. */
    ParameterSchema schema();

    /**
     * Creates the configured mechanism.
     *
     * @param parameters validated against {@link #schema()}, defaults filled in
     * @param context    builds nested mechanisms and reads data files
     */
    T create(Parameters parameters, BuildContext context);

    /** One line saying what the mechanism is and which paper/equation defines it. */
    default String description() {
        return "";
    }

    /** The provider's version: by default its module's version or its package's implementation version. */
    default Optional<String> version() {
        Module m = getClass().getModule();
        if (m.isNamed() && m.getDescriptor().version().isPresent()) {
            return m.getDescriptor().version().map(Object::toString);
        }
        return Optional.ofNullable(getClass().getPackage().getImplementationVersion());
    }
}
