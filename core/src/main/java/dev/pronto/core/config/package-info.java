/**
 * Typed configuration: {@link dev.pronto.core.config.Config} layers defaults, a properties or YAML
 * file, environment variables and system properties; applications read it into one validated record
 * per concern.
 */
package dev.pronto.core.config;
