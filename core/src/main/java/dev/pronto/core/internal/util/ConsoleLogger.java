package dev.pronto.core.internal.util;

import java.io.PrintStream;
import org.slf4j.ILoggerFactory;
import org.slf4j.Logger;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.NOPLoggerFactory;

/**
 * The server's logger when the application has no SLF4J provider: without one SLF4J drops every line,
 * so a new service would start without its "listening on" line and lose its handlers' exceptions.
 * INFO goes to stdout, WARN and ERROR (with stack traces) to stderr; DEBUG and TRACE are off.
 */
public final class ConsoleLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;
    private final transient PrintStream out;
    private final transient PrintStream err;

    ConsoleLogger(String name, PrintStream out, PrintStream err) {
        this.name = name;
        this.out = out;
        this.err = err;
    }

    /** {@code logger}, or a console logger of the same name when {@code factory} is SLF4J's no-op fallback. */
    public static Logger unlessSilent(Logger logger, ILoggerFactory factory) {
        return factory instanceof NOPLoggerFactory ? new ConsoleLogger(logger.getName(), System.out, System.err) : logger;
    }

    @Override
    public boolean isTraceEnabled() {
        return false;
    }

    @Override
    public boolean isDebugEnabled() {
        return false;
    }

    @Override
    public boolean isInfoEnabled() {
        return true;
    }

    @Override
    public boolean isWarnEnabled() {
        return true;
    }

    @Override
    public boolean isErrorEnabled() {
        return true;
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] args, Throwable t) {
        if (level == Level.DEBUG || level == Level.TRACE) {
            return;
        }
        PrintStream to = level == Level.INFO ? out : err;
        String text = MessageFormatter.basicArrayFormat(pattern, args);
        synchronized (to) {
            to.println(level + " " + name + " - " + text);
            if (t != null) {
                t.printStackTrace(to);
            }
        }
    }
}
