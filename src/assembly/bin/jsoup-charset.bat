@echo off
rem jsoup-charset: decide, decode, select and audit the encoding of HTML pages as browsers do.
rem Needs only Java 17 or later: JAVA_HOME, else the java on the PATH.
rem JVM options: JSOUP_CHARSET_OPTS. Usage: bin\jsoup-charset --help
setlocal
set "APP=%~dp0.."
set "JAVA=java"
if defined JAVA_HOME set "JAVA=%JAVA_HOME%\bin\java"
"%JAVA%" %JSOUP_CHARSET_OPTS% -Djsoupcharset.home="%APP%" -cp "%APP%\lib\*" io.github.jsoupcharset.cli.Main %*
exit /b %ERRORLEVEL%
