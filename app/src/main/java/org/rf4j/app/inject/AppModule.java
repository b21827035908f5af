package org.rf4j.app.inject;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import java.nio.file.Path;
import java.util.Objects;
import org.rf4j.app.io.DataFiles;
import org.rf4j.spi.MechanismRegistry;

/**
 * The application's base bindings: the settings, the {@link MechanismRegistry} (built in a
 * {@code @Provides} method: discovery on the module and class path plus the plugins directory),
 * and the shared Jackson {@link ObjectMapper}. Declares bindings only.
 */
public final class AppModule extends AbstractModule {
    private final AppSettings settings;

    public AppModule(AppSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    protected void configure() {
        bind(AppSettings.class).toInstance(settings);
    }

    /** Every provider on the module path, the class path and in the plugins directory. */
    @Provides
    @Singleton
    MechanismRegistry registry(AppSettings s) {
        return MechanismRegistry.builder()
                .loadDiscovered()
                .pluginDirectory(s.pluginsDir())
                .dataReader(DataFiles.configReader(Path.of("")))
                .build();
    }

    /** The JSON mapper: duplicate keys are errors, output indented. */
    @Provides
    @Singleton
    ObjectMapper objectMapper() {
        ObjectMapper m = new ObjectMapper();
        m.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        m.enable(SerializationFeature.INDENT_OUTPUT);
        return m;
    }
}
