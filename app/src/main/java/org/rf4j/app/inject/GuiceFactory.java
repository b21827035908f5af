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
