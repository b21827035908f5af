/**
 * Example third-party rf4j mechanisms: the {@code antithetic} coupling, {@code random-phase}
 * features and the {@code constant} λ estimator. Each class holds its mechanism and, as a static
 * nested {@code Provider}, the factory the registry discovers.
 */
package com.example.rf4j.plugin;
