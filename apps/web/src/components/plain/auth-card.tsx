import type { ReactNode } from 'react';
import './public.css';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  maxWidth?: 'xs' | 'sm';
};

/** The frame shared by the sign-in and sign-up screens (plain markup: the light pages use it too). */
export function AuthCard({ title, subtitle, children, footer, maxWidth = 'xs' }: AuthCardProps) {
  return (
    <div className="pub-auth">
      <div className={`pub-wrap ${maxWidth === 'xs' ? 'pub-auth__frame' : 'pub-auth__frame pub-auth__frame--wide'}`}>
        <div className="pub-card">
          <h1 className="pub-h1">{title}</h1>
          {subtitle && <p className="pub-auth__subtitle pub-muted">{subtitle}</p>}
          <div className="pub-auth__body">{children}</div>
        </div>
        {footer && <p className="pub-auth__footer">{footer}</p>}
      </div>
    </div>
  );
}
