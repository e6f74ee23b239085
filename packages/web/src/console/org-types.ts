// Shapes of the organization and membership answers, until their routes join @miniapps/contract (their rewrite is under way).

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
  role?: 'owner' | 'member';
}

export interface Member {
  userId: string;
  email: string;
  fullName: string | null;
  role: 'owner' | 'member';
  createdAt: string;
}

/** A pending invitation to an organization (owners see their organization's; a user sees those addressed to them). */
export interface Invitation {
  id: string;
  email: string;
  role: 'owner' | 'member';
  invitedBy: { id: string; email: string } | null;
  createdAt: string;
  expiresAt: string;
}

export interface MyInvitation extends Invitation {
  organization: { id: string; name: string };
}
