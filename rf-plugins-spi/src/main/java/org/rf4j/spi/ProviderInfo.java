package org.rf4j.spi;

/**
 * A discovered provider with where it came from.
 *
 * @param provider the provider
 * @param origin   {@code built-in} (an org.rf4j module), {@code plugin} (the plugins directory) or
 *                 {@code external} (another JAR on the module or class path), or {@code programmatic}
 * @param location the JAR or folder it was loaded from, or "unknown"
 */
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
