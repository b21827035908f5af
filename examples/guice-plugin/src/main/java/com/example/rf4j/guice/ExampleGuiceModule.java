package com.example.rf4j.guice;

import com.google.inject.AbstractModule;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.Multibinder;
import com.google.inject.name.Names;
import org.rf4j.spi.MechanismProvider;

/**
 * The plugin's Guice module, found by {@link java.util.ServiceLoader} ({@code provides
 * com.google.inject.Module}). It binds the plugin's own setting (the default coefficient, from the
 * system property {@code example.lambda} or 0.25) and adds its provider to the set rf4j collects
 * contributed providers from, {@code Set<MechanismProvider<?>>}.
 */
public final class ExampleGuiceModule extends AbstractModule {
    /** The setting's binding name. */
    public static final String DEFAULT_VALUE = "example.lambda";

    public ExampleGuiceModule() {
    }

    @Override
    protected void configure() {
        bindConstant().annotatedWith(Names.named(DEFAULT_VALUE))
                .to(Double.parseDouble(System.getProperty(DEFAULT_VALUE, "0.25")));
        Multibinder.newSetBinder(binder(), new TypeLiteral<MechanismProvider<?>>() { })
                .addBinding().to(TunedConstantLambda.Provider.class);
    }
}
