package org.rf4j.spi;

import java.util.Optional;

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
