import { createAuthNetSimulator } from './authnet-simulator';

/** The local Authorize.Net simulator process (services/payments package.json, backoffice.processes.authnet-sim). */
const port = Number(process.env.PORT ?? 3017);
const host = process.env.HOST ?? '127.0.0.1';
const server = createAuthNetSimulator({
  loginId: process.env.AUTHNET_SIM_LOGIN_ID ?? 'simulator-login',
  transactionKey: process.env.AUTHNET_SIM_TRANSACTION_KEY ?? 'simulator-transaction-key',
});
server.listen(port, host, () => {
  process.stdout.write(
    `${JSON.stringify({ level: 30, time: Date.now(), msg: `Authorize.Net simulator listening on http://${host}:${port}/xml/v1/request.api` })}\n`,
  );
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
