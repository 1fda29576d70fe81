import { Card, Elevation } from '@blueprintjs/core';
import { Outlet } from 'react-router-dom';
import { Logo } from './Logo';

/** The layout of the public screens: a centred card under the product mark. */
export function AuthLayout() {
  return (
    <main className="auth-layout">
      <Card className="auth-card" elevation={Elevation.TWO}>
        <div className="auth-card-logo">
          <Logo />
        </div>
        <Outlet />
      </Card>
    </main>
  );
}
